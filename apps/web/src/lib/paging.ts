/** 'Showing X to Y of N entries' for a 1-based page of `pageSize` out of `total`. */
export function entriesText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} entries`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Page buttons to show: all of them when few, else the first, the last and the current one's
 * neighbours, with null where a gap ('…') goes. E.g. 1 … 4 5 6 … 12.
 */
export function pageButtons(current: number, count: number): Array<number | null> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const keep = new Set([1, count, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => keep.add(p));
  if (current >= count - 2) [count - 3, count - 2, count - 1].forEach((p) => keep.add(p));
  const sorted = [...keep].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}
