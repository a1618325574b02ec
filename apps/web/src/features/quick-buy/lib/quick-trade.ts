import {
  INR_DECIMALS,
  messages,
  QUICK_BUY_SPREAD,
  QUICK_SELL_SPREAD,
  USDT_DECIMALS,
  type TradeType,
} from '@sikka/contracts';
import {
  add,
  compare,
  divide,
  isPositive,
  multiply,
  percentOf,
  round,
  subtract,
} from '../../../lib/decimal.ts';

/**
 * The quick-trade form's arithmetic and rules (PRODUCT.md §4, §5, §9), free of React so they
 * are unit-tested. "Spend" is what the user gives (INR when buying, USDT when selling),
 * "receive" what they get; either box can be typed in (the "driver") and the other follows.
 */

export type AmountField = 'spend' | 'receive';

/** Places each box accepts as typed: INR to paise, USDT to 8 places. */
export function fieldScale(side: TradeType, field: AmountField): number {
  const isInr = (side === 'buy') === (field === 'spend');
  return isInr ? INR_DECIMALS : USDT_DECIMALS;
}

/** Unit shown in each box. */
export function fieldUnit(side: TradeType, field: AmountField): 'INR' | 'USDT' {
  return fieldScale(side, field) === INR_DECIMALS ? 'INR' : 'USDT';
}

/** Buy at price + 2, sell at price − 1.5, from the price to paise (as the server does). */
export function quickRates(price: string): { buy: string; sell: string } {
  const paise = round(price, INR_DECIMALS);
  return {
    buy: add(paise, QUICK_BUY_SPREAD, INR_DECIMALS),
    sell: subtract(paise, QUICK_SELL_SPREAD, INR_DECIMALS),
  };
}

/** An amount box's text counts as an amount when it is a decimal above zero. */
const hasAmount = (text: string) => isPositive(text.trim());

export interface QuickOrder {
  /** Text of the spend box. */
  spend: string;
  /** Text of the receive box. */
  receive: string;
  /** USDT to send to the server, 8 places; null while there is no amount. */
  usdtAmount: string | null;
  /** INR the user pays (buy) or gets (sell) at this rate, 2 places; null without an amount. */
  inrTotal: string | null;
}

/**
 * Both boxes from the one the user typed in. The other box is recomputed to 2 places with the
 * rate; the USDT amount sent keeps 8 places. Buying by INR rounds the USDT down, so the
 * server's total (USDT × rate, half up to paise) never exceeds the INR the user typed.
 */
export function quickOrder(
  side: TradeType,
  driver: AmountField,
  text: string,
  rate: string,
): QuickOrder {
  const typed = text.trim();
  if (!hasAmount(typed) || !isPositive(rate)) {
    return driver === 'spend'
      ? { spend: text, receive: '', usdtAmount: null, inrTotal: null }
      : { spend: '', receive: text, usdtAmount: null, inrTotal: null };
  }
  const typedIsInr = fieldUnit(side, driver) === 'INR';
  const usdtAmount = typedIsInr
    ? divide(typed, rate, USDT_DECIMALS, side === 'buy' ? 'down' : 'half-up')
    : round(typed, USDT_DECIMALS);
  const inrTotal = typedIsInr
    ? round(typed, INR_DECIMALS)
    : multiply(usdtAmount, rate, INR_DECIMALS);
  const other = typedIsInr ? divide(typed, rate, 2) : inrTotal;
  return driver === 'spend'
    ? { spend: text, receive: other, usdtAmount, inrTotal }
    : { spend: other, receive: text, usdtAmount, inrTotal };
}

/** The spend amount for a slider position: that share of the INR (buy) or USDT (sell) balance. */
export function spendForPercent(
  side: TradeType,
  percent: number,
  balances: { inr: string; usdt: string },
): string {
  const value =
    side === 'buy'
      ? percentOf(balances.inr, percent, INR_DECIMALS)
      : percentOf(balances.usdt, percent, USDT_DECIMALS);
  return isPositive(value) ? value : '';
}

/** Where the slider sits for a typed spend amount: its share of the balance, 0–100. */
export function percentForSpend(
  side: TradeType,
  spend: string,
  balances: { inr: string; usdt: string },
): number {
  const balance = side === 'buy' ? balances.inr : balances.usdt;
  if (!hasAmount(spend) || !isPositive(balance)) return 0;
  const share = Number(divide(multiply(spend.trim(), '100', 8), balance, 2));
  return Math.min(100, Math.max(0, share));
}

export interface QuickTradeCheck {
  signedIn: boolean;
  side: TradeType;
  order: QuickOrder;
  balances: { inr: string; usdt: string };
}

/**
 * The first rule a trade breaks, in the order of PRODUCT.md §5, as its exact message; null
 * when the trade may be sent. The server checks the balances again under a lock.
 */
export function validateQuickTrade({
  signedIn,
  side,
  order,
  balances,
}: QuickTradeCheck): string | null {
  if (!signedIn) return messages.quickBuy.loginRequired;
  if (
    !hasAmount(order.spend) ||
    !hasAmount(order.receive) ||
    !order.usdtAmount ||
    !order.inrTotal
  ) {
    return messages.quickBuy.enterAmount;
  }
  if (side === 'buy' && compare(order.inrTotal, balances.inr) > 0) {
    return messages.quickBuy.insufficientInr;
  }
  if (side === 'sell' && compare(order.usdtAmount, balances.usdt) > 0) {
    // Rounded down, as the server words it: the amount offered can always be sold.
    return messages.quickBuy.insufficientUsdt(round(balances.usdt, 2, 'down'));
  }
  return null;
}
