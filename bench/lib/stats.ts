/** The q-quantile (0..1) of `values` by nearest rank; null for an empty list. */
export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rounds for results.json: figures keep 3 decimals, enough for ms and ratios. */
export const round3 = (n: number | null): number | null =>
  n === null ? null : Math.round(n * 1000) / 1000;
