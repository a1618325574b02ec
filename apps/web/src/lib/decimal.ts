/**
 * The web app's one decimal helper for money previews (STYLE.md "Money"). Amounts arrive as
 * decimal strings and stay strings: every operation here scales them to BigInt integers, so
 * `'0.1' + '0.2'` is `'0.3'` and `1000 / 89.70` is cut to exactly 8 places, never through a
 * binary float. The server recomputes every real amount; these are only what the screen shows
 * and what the user asks for.
 */

/** How a result is brought to its number of places. */
export type Rounding =
  /** Half away from zero, as PostgreSQL `round(numeric, n)` does. */
  | 'half-up'
  /** Towards zero (truncate): never more than the exact value, e.g. a share of a balance. */
  | 'down'
  /** Away from zero: never less than the exact value, e.g. what a seller asks to receive. */
  | 'up';

/** Optional minus, digits with an optional fraction; '12.' and '.5' count (half-typed input). */
const DECIMAL_RE = /^-?(\d+\.?\d*|\.\d+)$/;

/** True for a plain decimal string (no exponent, no grouping); '12.' and '.5' are accepted. */
export function isDecimal(value: string): boolean {
  return DECIMAL_RE.test(value.trim());
}

function parts(value: string): { negative: boolean; whole: string; fraction: string } {
  const trimmed = value.trim();
  if (!DECIMAL_RE.test(trimmed)) throw new Error(`not a decimal string: ${value}`);
  const negative = trimmed.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? trimmed.slice(1) : trimmed).split('.');
  return { negative, whole: whole || '0', fraction };
}

/** Places after the decimal point as written ('1.50' → 2, '7' → 0). */
export function scaleOf(value: string): number {
  return parts(value).fraction.length;
}

/** Integer division of non-negative n by positive d, rounded as asked. */
function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n || rounding === 'down') return q;
  if (rounding === 'up') return q + 1n;
  return r * 2n >= d ? q + 1n : q;
}

/** Signed division with the rounding applied to the magnitude (half away from zero). */
function divSigned(n: bigint, d: bigint, rounding: Rounding): bigint {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const magnitude = divRound(n < 0n ? -n : n, d < 0n ? -d : d, rounding);
  return negative ? -magnitude : magnitude;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** The value as a count of 10^-scale units, rounded as asked. */
export function toUnits(value: string, scale: number, rounding: Rounding = 'half-up'): bigint {
  const { negative, whole, fraction } = parts(value);
  const exact = BigInt(whole + fraction);
  const units =
    fraction.length <= scale
      ? exact * pow10(scale - fraction.length)
      : divRound(exact, pow10(fraction.length - scale), rounding);
  return negative ? -units : units;
}

/** A count of 10^-scale units as a decimal string with exactly `scale` places. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** The value with exactly `scale` places ('1.005', 2 → '1.01'; with 'down' → '1.00'). */
export function round(value: string, scale: number, rounding: Rounding = 'half-up'): string {
  return fromUnits(toUnits(value, scale, rounding), scale);
}

/** −1, 0 or 1 as a < b, a = b, a > b, exactly. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a + b with `scale` places. */
export function add(a: string, b: string, scale: number): string {
  const s = Math.max(scaleOf(a), scaleOf(b));
  return round(fromUnits(toUnits(a, s) + toUnits(b, s), s), scale);
}

/** a − b with `scale` places. */
export function subtract(a: string, b: string, scale: number): string {
  const s = Math.max(scaleOf(a), scaleOf(b));
  return round(fromUnits(toUnits(a, s) - toUnits(b, s), s), scale);
}

/** a × b to `scale` places: the exact product, rounded once. */
export function multiply(
  a: string,
  b: string,
  scale: number,
  rounding: Rounding = 'half-up',
): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const product = toUnits(a, sa) * toUnits(b, sb); // at scale sa + sb
  const from = sa + sb;
  const units =
    from <= scale
      ? product * pow10(scale - from)
      : divSigned(product, pow10(from - scale), rounding);
  return fromUnits(units, scale);
}

/** a ÷ b to `scale` places, rounded once; throws when b is zero. */
export function divide(
  a: string,
  b: string,
  scale: number,
  rounding: Rounding = 'half-up',
): string {
  const sa = scaleOf(a);
  const sb = scaleOf(b);
  const divisor = toUnits(b, sb);
  if (divisor === 0n) throw new RangeError('division by zero');
  // a/b = (A/10^sa) / (B/10^sb); in units of 10^-scale: A·10^(sb+scale) / (B·10^sa).
  const numerator = toUnits(a, sa) * pow10(sb + scale);
  return fromUnits(divSigned(numerator, divisor * pow10(sa), rounding), scale);
}

/**
 * `percent` % of `value` to `scale` places, rounded down, so a share of a balance (the quick
 * trade slider) can never exceed the balance. `percent` is clamped to 0–100.
 */
export function percentOf(value: string, percent: number, scale: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  // Slider percentages are whole or simple numbers; four places of a percent are plenty.
  const share = divide(clamped.toFixed(4), '100', 6, 'down');
  return multiply(value, share, scale, 'down');
}

/**
 * A display number (market prices travel as JSON numbers) as a decimal string with `scale`
 * places; null when it is not a finite number.
 */
export function fromNumber(value: number, scale: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  return round(value.toFixed(Math.min(20, scale + 2)), scale);
}

/** True when the value is a decimal greater than zero. */
export function isPositive(value: string): boolean {
  return isDecimal(value) && compare(value, '0') > 0;
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
