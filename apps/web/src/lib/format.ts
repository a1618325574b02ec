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

let usdtFormat: Intl.NumberFormat | undefined;

/**
 * A USDT amount from the API: Indian grouping, 2 to 8 places (the ledger keeps 8), formatted
 * as the decimal string it is: '1234.50000000' → '1,234.50 USDT'.
 */
export function formatUsdt(value: string | null | undefined): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!NUMERIC.test(trimmed)) return 'N/A';
  usdtFormat ??= new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 8,
  });
  return `${usdtFormat.format(trimmed as `${number}`)} USDT`;
}

let usdtRecordFormat: Intl.NumberFormat | undefined;

/**
 * A USDT amount of a trade record (PRODUCT.md §8: shown to 8 decimals), Indian grouping, all
 * eight places: '11.0926234' → '11.09262340 USDT'. Balances use formatUsdt (2 to 8 places).
 */
export function formatUsdtRecord(
  value: string | null | undefined,
  { unit = true }: { unit?: boolean } = {},
): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!NUMERIC.test(trimmed)) return 'N/A';
  usdtRecordFormat ??= new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 8,
    maximumFractionDigits: 8,
  });
  const digits = usdtRecordFormat.format(trimmed as `${number}`);
  return unit ? `${digits} USDT` : digits;
}

/**
 * A coin's price. Exactly formatInr (2 decimals) from ₹1 up; below ₹1 the 2-decimal rule would
 * show SHIB, PEPE or BONK as '₹0.00', so those keep 4 significant digits instead.
 */
export function formatPrice(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'N/A';
  if (value === 0 || Math.abs(value) >= 1) return formatInr(value);
  // 4 significant digits, at least 2 decimals (trailing zeros beyond 2 dropped).
  const decimals = Math.min(20, Math.max(2, 3 - Math.floor(Math.log10(Math.abs(value)))));
  return smallPriceFormat(decimals).format(value);
}

/** One formatter per decimal count: building an Intl.NumberFormat costs far more than using one. */
const smallPriceFormats = new Map<number, Intl.NumberFormat>();
function smallPriceFormat(decimals: number): Intl.NumberFormat {
  let format = smallPriceFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: decimals,
    });
    smallPriceFormats.set(decimals, format);
  }
  return format;
}

/** Ascending; the first step is plain numbers. */
const COMPACT_STEPS: ReadonlyArray<readonly [number, string]> = [
  [1, ''],
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
];

/** Large numbers as K (1e3), M (1e6), B (1e9), T (1e12) with 2 decimals: 1234567 → '1.23M'. */
export function formatCompact(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'N/A';
  const abs = Math.abs(value);
  let step = 0;
  while (step + 1 < COMPACT_STEPS.length && abs >= COMPACT_STEPS[step + 1]![0]) step += 1;
  let text = (abs / COMPACT_STEPS[step]![0]).toFixed(2);
  // Rounding can carry 999,995 up to '1000.00K'; that is '1.00M'.
  if (Number(text) >= 1000 && step + 1 < COMPACT_STEPS.length) {
    step += 1;
    text = (abs / COMPACT_STEPS[step]![0]).toFixed(2);
  }
  const sign = value < 0 && Number(text) !== 0 ? '-' : '';
  return `${sign}${text}${COMPACT_STEPS[step]![1]}`;
}

/** 24 h change: 2 decimals, '+' when positive; 'N/A' when missing. */
export function formatPercent(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'N/A';
  const fixed = value.toFixed(2);
  // -0.001 rounds to '-0.00': shown as the zero it is.
  if (Number(fixed) === 0) return '0.00%';
  return `${value > 0 ? '+' : ''}${fixed}%`;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** Up, down or flat as displayed (2 decimals), so colour and text never disagree. */
export function changeDirection(value: number | null | undefined): ChangeDirection {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'flat';
  const shown = Number(value.toFixed(2));
  return shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
}

/** Text colour of a change: green positive, red negative, grey zero or missing. */
export function changeColorClass(value: number | null | undefined): string {
  const direction = changeDirection(value);
  return direction === 'up' ? 'text-up' : direction === 'down' ? 'text-down' : 'text-muted';
}
