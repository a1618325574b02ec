/**
 * Exact decimal arithmetic for money strings ("1234.50"), in BigInt units of 10^-scale.
 * No amount ever passes through a binary float: `-9.95 * 100` is not `-995`.
 */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** True for a plain decimal string: optional minus, digits, optional fraction. No exponent. */
export const isDecimalString = (value: string): boolean => DECIMAL_RE.test(value);

/**
 * A decimal string as an integer count of 10^-scale units, rounded half away from zero.
 * BigInt keeps it exact; throws on anything that is not a plain decimal string.
 */
export function decimalToUnits(value: string, scale: number): bigint {
  if (!DECIMAL_RE.test(value)) throw new Error(`not a decimal string: ${value}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let units = BigInt(whole + kept);
  if ((fraction[scale] ?? '0') >= '5') units += 1n;
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
