/**
 * The one decimal module (ADR 010): exact arithmetic on money strings ("1234.50") for the
 * server and the web app alike. Every value is scaled to a BigInt count of 10^-scale units,
 * so no amount ever passes through a binary float (`-9.95 * 100` is not `-995`, and
 * `'0.1' + '0.2'` is `'0.3'`). The web app uses it for previews only: the server recomputes
 * every real amount, in SQL.
 */

/** The wire form of a decimal: optional minus, digits, optional fraction. No exponent. */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/**
 * What an amount box may hold while the user is still typing: the wire form, or a half-typed
 * one ('12.', '.5'). Every operation below reads this form, trimmed; schemas check DECIMAL_RE.
 */
const INPUT_DECIMAL_RE = /^-?(\d+\.?\d*|\.\d+)$/;

/** True for a decimal in the wire form. */
export const isDecimalString = (value: string): boolean => DECIMAL_RE.test(value);

/** True for a decimal as typed ('12.50', '12.', '.5', surrounding blanks allowed). */
export const isDecimalInput = (value: string): boolean => INPUT_DECIMAL_RE.test(value.trim());

/**
 * How an exact value is brought to fewer places. Money the house computes always rounds in
 * the house's favour (DESIGN.md §8): what a user pays rounds 'up', what a user receives
 * rounds 'down'. 'half-up' (half away from zero, as PostgreSQL `round(numeric, n)`) is for
 * display and for normalising input that already has few enough places. 'up' and 'down' act
 * on the magnitude.
 */
export type RoundingMode = 'half-up' | 'up' | 'down';

function parts(value: string): { negative: boolean; whole: string; fraction: string } {
  const trimmed = value.trim();
  if (!INPUT_DECIMAL_RE.test(trimmed)) throw new Error(`not a decimal string: ${value}`);
  const negative = trimmed.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? trimmed.slice(1) : trimmed).split('.');
  return { negative, whole: whole || '0', fraction };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** '10.000000' → '10', '0.00050000' → '0.0005': a decimal as people write it (same value). */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** Places after the decimal point as written ('1.50' → 2, '7' → 0, '12.' → 0). */
export const fractionDigits = (value: string): number => value.trim().split('.')[1]?.length ?? 0;

/** Non-negative n divided by positive d, rounded as asked (magnitudes only). */
export function divideUnits(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n || mode === 'down') return q;
  if (mode === 'up') return q + 1n;
  return r * 2n >= d ? q + 1n : q;
}

/** Signed division with the rounding applied to the magnitude. */
function divideSigned(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const magnitude = divideUnits(n < 0n ? -n : n, d < 0n ? -d : d, mode);
  return negative ? -magnitude : magnitude;
}

/**
 * A decimal string as an integer count of 10^-scale units, rounded as asked (half away from
 * zero by default). Throws on anything that is not a decimal ('1e3', '', '.').
 */
export function decimalToUnits(
  value: string,
  scale: number,
  mode: RoundingMode = 'half-up',
): bigint {
  const { negative, whole, fraction } = parts(value);
  const exact = BigInt(whole + fraction);
  const units =
    fraction.length <= scale
      ? exact * pow10(scale - fraction.length)
      : divideUnits(exact, pow10(fraction.length - scale), mode);
  return negative ? -units : units;
}

/** Units of 10^-scale back to a decimal string with exactly `scale` places. */
export function unitsToDecimal(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** The value with exactly `scale` places ('1.005', 2 → '1.01'; with 'down' → '1.00'). */
export function roundDecimal(value: string, scale: number, mode: RoundingMode = 'half-up'): string {
  return unitsToDecimal(decimalToUnits(value, scale, mode), scale);
}

/** −1, 0 or 1 as a < b, a = b, a > b, exactly (no rounding). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = decimalToUnits(a, scale);
  const y = decimalToUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a + b with `scale` places (half-up). */
export function addDecimal(a: string, b: string, scale: number): string {
  const s = Math.max(fractionDigits(a), fractionDigits(b));
  return roundDecimal(unitsToDecimal(decimalToUnits(a, s) + decimalToUnits(b, s), s), scale);
}

/** a − b with `scale` places (half-up). */
export function subtractDecimal(a: string, b: string, scale: number): string {
  const s = Math.max(fractionDigits(a), fractionDigits(b));
  return roundDecimal(unitsToDecimal(decimalToUnits(a, s) - decimalToUnits(b, s), s), scale);
}

/** a × b to `scale` places: the exact product, rounded once. */
export function multiplyDecimal(
  a: string,
  b: string,
  scale: number,
  mode: RoundingMode = 'half-up',
): string {
  const sa = fractionDigits(a);
  const sb = fractionDigits(b);
  const product = decimalToUnits(a, sa) * decimalToUnits(b, sb); // at scale sa + sb
  const from = sa + sb;
  const units =
    from <= scale
      ? product * pow10(scale - from)
      : divideSigned(product, pow10(from - scale), mode);
  return unitsToDecimal(units, scale);
}

/** a ÷ b to `scale` places, rounded once; throws a RangeError when b is zero. */
export function divideDecimal(
  a: string,
  b: string,
  scale: number,
  mode: RoundingMode = 'half-up',
): string {
  const sa = fractionDigits(a);
  const sb = fractionDigits(b);
  const divisor = decimalToUnits(b, sb);
  if (divisor === 0n) throw new RangeError('division by zero');
  // a/b = (A/10^sa) / (B/10^sb); in units of 10^-scale: A·10^(sb+scale) / (B·10^sa).
  const numerator = decimalToUnits(a, sa) * pow10(sb + scale);
  return unitsToDecimal(divideSigned(numerator, divisor * pow10(sa), mode), scale);
}

/**
 * `percent` % of `value` to `scale` places, rounded down, so a share of a balance (the quick
 * trade slider) can never exceed the balance. `percent` is clamped to 0–100.
 */
export function percentOf(value: string, percent: number, scale: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  // Slider percentages are whole or simple numbers; four places of a percent are plenty.
  const share = divideDecimal(clamped.toFixed(4), '100', 6, 'down');
  return multiplyDecimal(value, share, scale, 'down');
}

/**
 * A display number (market prices travel as JSON numbers) as a decimal string with `scale`
 * places; null when it is not a finite number.
 */
export function decimalFromNumber(value: number, scale: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  return roundDecimal(value.toFixed(Math.min(20, scale + 2)), scale);
}

/** True when the value is a decimal (as typed) greater than zero. */
export function isPositiveDecimal(value: string): boolean {
  return isDecimalInput(value) && compareDecimal(value, '0') > 0;
}

/**
 * What an amount box keeps of a keystroke: digits and one decimal point, at most
 * `maxScale` places ('1,000.505', 2 → '1000.50'). Half-typed values ('12.') survive so the
 * user can keep typing.
 */
export function sanitizeAmountInput(raw: string, maxScale: number): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  const whole = cleaned.slice(0, dot);
  const fraction = cleaned.slice(dot + 1).replace(/\./g, '');
  return maxScale > 0 ? `${whole}.${fraction.slice(0, maxScale)}` : whole;
}

/**
 * A non-negative INR decimal string with Indian digit grouping and 2 places, by string
 * operations only ('1000000' → '10,00,000.00'): for messages the server writes.
 */
export function groupInr(value: string): string {
  const [whole = '0', fraction = '00'] = roundDecimal(value, 2).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${fraction}`;
}
