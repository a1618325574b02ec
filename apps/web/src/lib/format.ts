/**
 * Display formatting (PRODUCT.md §9): Indian grouping, INR with exactly 2 decimals, 'N/A' when
 * the value is not a number. Decimal strings are formatted as strings, so amounts from the
 * API are never rounded through a float on the way to the screen.
 */
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)$/;

export function formatInr(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? inr.format(value) : 'N/A';
  if (typeof value !== 'string') return 'N/A';
  const trimmed = value.trim();
  if (!NUMERIC.test(trimmed)) return 'N/A';
  return inr.format(trimmed as `${number}`);
}
