/*
 * Coin amounts in the admin's crypto withdrawals tab. The wallet feature has its own; features
 * never import each other, and this is three lines.
 */
const coinFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** '1234.5', 'USDT' → '1,234.50 USDT', formatted from the decimal string (never a float). */
export const formatChainAmount = (value: string, asset: string): string =>
  /^\d+(\.\d+)?$/.test(value.trim())
    ? `${coinFormat.format(value.trim() as `${number}`)} ${asset}`
    : 'N/A';

/** '0x1234…abcd', the full value on hover. */
export const shortHash = (value: string, head = 8, tail = 6): string =>
  value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
