/**
 * The bench's figures: each one is printed next to its reference (measured in the same run,
 * or the fixed target when there is nothing to measure against), so the ratio holds on a
 * noisy, shared machine even when the absolute numbers do not.
 */
export interface Figure {
  /** Issue 8 item, e.g. '1 trades/PostgreSQL'. */
  part: string;
  name: string;
  /** null: not measured (the part was skipped or broke); `note` says why. */
  value: number | null;
  unit: string;
  /** The number the value is judged against. */
  reference: number | null;
  referenceLabel: string;
  /** e.g. '≥ 0.5 × ref', '≤ 15 ms'. */
  target: string;
  /** value / reference when the target is a ratio. */
  ratio: number | null;
  /** null: not judged (information only, or not measured). */
  met: boolean | null;
  note?: string;
}

export interface PartOutcome {
  part: string;
  status: 'ran' | 'skipped' | 'broke';
  seconds: number;
  reason?: string;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly parts: PartOutcome[] = [];
  readonly notes: string[] = [];
  /** Per-part details (raw numbers behind the figures) for results.json. */
  readonly details: Record<string, unknown> = {};

  add(figure: Figure): void {
    this.figures.push(figure);
  }

  /** A figure judged by `value` against a fixed bound. */
  bound(
    part: string,
    name: string,
    value: number | null,
    unit: string,
    op: '≥' | '≤',
    limit: number,
    note?: string,
  ): void {
    this.add({
      part,
      name,
      value,
      unit,
      reference: limit,
      referenceLabel: 'target',
      target: `${op} ${fmt(limit)} ${unit}`.trim(),
      ratio: null,
      met: value === null ? null : op === '≥' ? value >= limit : value <= limit,
      ...(note ? { note } : {}),
    });
  }

  /** A figure judged as value / reference against a minimum or maximum ratio. */
  ratio(
    part: string,
    name: string,
    value: number | null,
    unit: string,
    reference: number | null,
    referenceLabel: string,
    op: '≥' | '≤',
    limit: number,
    note?: string,
  ): void {
    const ratio = value !== null && reference !== null && reference > 0 ? value / reference : null;
    this.add({
      part,
      name,
      value,
      unit,
      reference,
      referenceLabel,
      target: `${op} ${fmt(limit)} × ref`,
      ratio,
      met: ratio === null ? null : op === '≥' ? ratio >= limit : ratio <= limit,
      ...(note ? { note } : {}),
    });
  }

  /** A number reported for information, not judged. */
  info(part: string, name: string, value: number | null, unit: string, note?: string): void {
    this.add({
      part,
      name,
      value,
      unit,
      reference: null,
      referenceLabel: '',
      target: 'info',
      ratio: null,
      met: null,
      ...(note ? { note } : {}),
    });
  }

  /** Marks every figure a part would have produced as not measured. */
  missing(part: string, reason: string): void {
    this.add({
      part,
      name: '(not measured)',
      value: null,
      unit: '',
      reference: null,
      referenceLabel: '',
      target: '',
      ratio: null,
      met: null,
      note: reason,
    });
  }

  table(): string {
    const header = ['part', 'figure', 'value', 'reference', 'ratio/target', 'met?'];
    const rows = this.figures.map((f) => [
      f.part,
      f.name,
      f.value === null ? '—' : `${fmt(f.value)} ${f.unit}`.trim(),
      f.reference === null
        ? ''
        : `${fmt(f.reference)}${f.referenceLabel === 'target' ? '' : ` (${f.referenceLabel})`}`,
      f.ratio === null ? f.target : `${fmt(f.ratio)} (${f.target})`,
      f.met === null ? (f.value === null ? 'n/a' : '') : f.met ? 'yes' : 'NO',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
    const out = [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)];
    const noted = this.figures.filter((f) => f.note);
    if (noted.length > 0) {
      out.push('', 'Notes:');
      for (const f of noted) out.push(`  [${f.part}] ${f.name}: ${f.note}`);
    }
    return out.join('\n');
  }
}

/** Short human number: 3 significant digits below 100, integers above. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 100) return Math.round(n).toLocaleString('en-US');
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  if (abs === 0) return '0';
  return n.toPrecision(2);
}
