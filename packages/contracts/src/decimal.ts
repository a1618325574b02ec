/**
 * Exact decimal arithmetic for money strings ("1234.50"), in BigInt units of 10^-scale.
 * No amount ever passes through a binary float: `-9.95 * 100` is not `-995`.
 */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** True for a plain decimal string: optional minus, digits, optional fraction. No exponent. */
export const isDecimalString = (value: string): boolean => DECIMAL_RE.test(value);

/**
 * How an exact value is brought to fewer places. Money the house computes always rounds in
 * the house's favour (DESIGN.md §8): what a user pays rounds 'up', what a user receives
 * rounds 'down'. 'half-up' (half away from zero, as PostgreSQL `round(numeric, n)`) is for
 * display and for normalising input that already has few enough places.
 */
export type RoundingMode = 'half-up' | 'up' | 'down';

/** Non-negative n divided by positive d, rounded as asked (magnitudes only). */
export function divideUnits(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n || mode === 'down') return q;
  if (mode === 'up') return q + 1n;
  return r * 2n >= d ? q + 1n : q;
}

/**
 * A decimal string as an integer count of 10^-scale units, rounded as asked (half away from
 * zero by default; 'up' and 'down' act on the magnitude). BigInt keeps it exact; throws on
 * anything that is not a plain decimal string.
 */
export function decimalToUnits(
  value: string,
  scale: number,
  mode: RoundingMode = 'half-up',
): bigint {
  if (!DECIMAL_RE.test(value)) throw new Error(`not a decimal string: ${value}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const exact = BigInt(whole + fraction);
  const units =
    fraction.length <= scale
      ? exact * 10n ** BigInt(scale - fraction.length)
      : divideUnits(exact, 10n ** BigInt(fraction.length - scale), mode);
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

export const fractionDigits = (value: string): number => value.split('.')[1]?.length ?? 0;

/** −1, 0 or 1 as a < b, a = b, a > b, exactly (no rounding). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = decimalToUnits(a, scale);
  const y = decimalToUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A non-negative INR decimal string with Indian digit grouping and 2 places, by string
 * operations only ('1000000' → '10,00,000.00'): for messages the server writes.
 */
export function groupInr(value: string): string {
  const [whole = '0', fraction = '00'] = unitsToDecimal(decimalToUnits(value, 2), 2).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${fraction}`;
}
