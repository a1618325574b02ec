import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  fractionDigits,
  INR_DECIMALS,
  isPositiveDecimal,
  multiplyDecimal,
  percentOf,
  roundDecimal,
  trimDecimal,
  type RoundingMode,
} from '@sikka/contracts';

/**
 * The spot order form's arithmetic, on decimal strings only (contracts decimal.ts): what the
 * form sends is never the product of a float. Free of React, so it is unit-tested.
 */

/** Places of a step ('0.00001' → 5, '1' → 0, '0.10' → 1). */
export const stepDecimals = (step: string): number => fractionDigits(trimDecimal(step));

/**
 * `value` as a whole number of `step`s ('0.123456', '0.00001', down → '0.12345'), written with
 * the step's places. Amounts round down (never more than the user has or asked for); a typed
 * price snaps half-up to the nearest tick.
 */
export function roundToStep(value: string, step: string, mode: RoundingMode): string {
  const steps = divideDecimal(value, step, 0, mode);
  return multiplyDecimal(steps, step, stepDecimals(step));
}

/** A typed decimal in the wire form the schema takes ('12.' → '12', '.5' → '0.5', '007' → '7'). */
export function wireDecimal(text: string): string {
  const trimmed = text.trim();
  return roundDecimal(trimmed, fractionDigits(trimmed));
}

/**
 * price × amount in INR to the paisa, or '' while either is not a positive number. A buy's
 * rounds up and a sell's down, as the house rounds what is paid and received (DESIGN.md §8).
 */
export function orderTotal(price: string, amount: string, side: 'buy' | 'sell'): string {
  if (!isPositiveDecimal(price) || !isPositiveDecimal(amount)) return '';
  return multiplyDecimal(price.trim(), amount.trim(), INR_DECIMALS, side === 'buy' ? 'up' : 'down');
}

/** The amount of coins `total` INR buys at `price`, rounded down to the lot; '' when unknown. */
export function amountForTotal(total: string, price: string, lotSize: string): string {
  if (!isPositiveDecimal(total) || !isPositiveDecimal(price)) return '';
  const places = stepDecimals(lotSize);
  return roundToStep(divideDecimal(total.trim(), price.trim(), places, 'down'), lotSize, 'down');
}

/**
 * What a share of the available balance comes to, as the slider's 0/25/50/75/100 % fill it.
 * Sell: that share of the coins, down to the lot. Limit buy: that share of the INR, less the
 * fee at `feeRate` on top of price × amount, over the price, down to the lot, so a 100 %
 * buy fits the balance. Market buy: the INR itself (the order's `quoteAmount`, fees
 * included by the server), to the paisa.
 */
export function shareOfBalance(input: {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  percent: number;
  /** INR for a buy, the coin for a sell; decimal string. */
  available: string;
  price: string;
  lotSize: string;
  feeRate: string;
}): { amount: string; total: string } {
  const { side, type, percent, available, price, lotSize, feeRate } = input;
  if (!isPositiveDecimal(available) || percent <= 0) return { amount: '', total: '' };
  if (side === 'sell') {
    const coins = percentOf(available, percent, stepDecimals(lotSize) + 2);
    const amount = roundToStep(coins, lotSize, 'down');
    return { amount: compareDecimal(amount, '0') > 0 ? amount : '', total: '' };
  }
  const spend = percentOf(available, percent, INR_DECIMALS);
  if (type === 'market') return { amount: '', total: spend };
  if (!isPositiveDecimal(price)) return { amount: '', total: '' };
  const perCoin = multiplyDecimal(price.trim(), addDecimal('1', feeRate, 12), 12, 'up');
  const amount = amountForTotal(spend, perCoin, lotSize);
  return compareDecimal(amount || '0', '0') > 0
    ? { amount, total: orderTotal(price, amount, 'buy') }
    : { amount: '', total: '' };
}

/**
 * The slider's position for what the boxes hold now (a share of the balance, 0–100), for
 * display only: it positions a thumb, it computes nothing that is sent.
 */
export function percentShown(spend: string, available: string | null): number {
  if (!available || !isPositiveDecimal(available) || !isPositiveDecimal(spend)) return 0;
  const share = divideDecimal(spend.trim(), available, 4, 'down');
  return Math.min(100, Math.max(0, Math.round(Number(share) * 100)));
}
