import {
  compareDecimal,
  divideDecimal,
  groupInr,
  INR_DECIMALS,
  isPositiveDecimal,
  messages,
  multiplyDecimal,
  percentOf,
  roundDecimal,
  sellProceeds,
  subtractDecimal,
  TDS_RATE_DEFAULT,
  TRADE_MAX_TOTAL_INR,
  TRADE_MIN_TOTAL_INR,
  tradeTotal,
  type MarketSource,
  type TradeType,
  USDT_DECIMALS,
} from '@sikka/contracts';

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

/** An amount box's text counts as an amount when it is a decimal above zero. */
const hasAmount = (text: string) => isPositiveDecimal(text.trim());

export interface QuickOrder {
  /** Text of the spend box. */
  spend: string;
  /** Text of the receive box. */
  receive: string;
  /** USDT to send to the server, 8 places; null while there is no amount. */
  usdtAmount: string | null;
  /**
   * INR the user pays (buy) or the sale's gross (sell), 2 places: contracts' tradeTotal, the
   * very figure the server charges or books at this price (DESIGN.md §8); null without an
   * amount. The trade bounds apply to it.
   */
  inrTotal: string | null;
  /** A sell's TDS (section 194S) and what reaches the seller, as the server pays them. */
  tds: string | null;
  net: string | null;
}

/**
 * Both boxes from the one the user typed in, at `price` (the buy or sell price of
 * contracts' quickPrices). The USDT amount sent keeps 8 places and the total is
 * tradeTotal of it. Typed INR becomes USDT rounded so the total keeps the user's word:
 * a buyer's USDT rounds down, so what they pay (rounded up) is never above what they typed;
 * a seller's rounds up, so what they get (rounded down) is never below what they asked for.
 */
export function quickOrder(
  side: TradeType,
  driver: AmountField,
  text: string,
  price: string,
  tdsRate: string = TDS_RATE_DEFAULT,
): QuickOrder {
  const typed = text.trim();
  if (!hasAmount(typed) || !isPositiveDecimal(price)) {
    const none = { usdtAmount: null, inrTotal: null, tds: null, net: null };
    return driver === 'spend'
      ? { spend: text, receive: '', ...none }
      : { spend: '', receive: text, ...none };
  }
  const typedIsInr = fieldUnit(side, driver) === 'INR';
  // A seller who types the INR to receive means after TDS: the gross to reach is that ÷ (1 − rate).
  const inrToReach =
    typedIsInr && side === 'sell'
      ? divideDecimal(typed, subtractDecimal('1', tdsRate, 8), INR_DECIMALS, 'up')
      : typed;
  const usdtAmount = typedIsInr
    ? divideDecimal(inrToReach, price, USDT_DECIMALS, side === 'buy' ? 'down' : 'up')
    : roundDecimal(typed, USDT_DECIMALS);
  const inrTotal = tradeTotal(side, usdtAmount, price);
  const proceeds = side === 'sell' ? sellProceeds(usdtAmount, price, tdsRate) : null;
  const tds = proceeds?.tds ?? null;
  const net = proceeds?.net ?? null;
  // The USDT box shows 2 places (the product's display); the request keeps all 8. A seller's
  // INR box shows what reaches them, after TDS.
  const other = typedIsInr ? divideDecimal(inrToReach, price, 2) : (net ?? inrTotal);
  return driver === 'spend'
    ? { spend: text, receive: other, usdtAmount, inrTotal, tds, net }
    : { spend: other, receive: text, usdtAmount, inrTotal, tds, net };
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
  return isPositiveDecimal(value) ? value : '';
}

/** Where the slider sits for a typed spend amount: its share of the balance, 0–100. */
export function percentForSpend(
  side: TradeType,
  spend: string,
  balances: { inr: string; usdt: string },
): number {
  const balance = side === 'buy' ? balances.inr : balances.usdt;
  if (!hasAmount(spend) || !isPositiveDecimal(balance)) return 0;
  const share = Number(divideDecimal(multiplyDecimal(spend.trim(), '100', 8), balance, 2));
  return Math.min(100, Math.max(0, share));
}

export interface QuickTradeCheck {
  signedIn: boolean;
  side: TradeType;
  order: QuickOrder;
  balances: { inr: string; usdt: string };
}

/**
 * The first rule a trade breaks, in the order of PRODUCT.md §5 with the bounds of one trade's
 * total before the balances (as the server checks), as its exact message; null when the
 * trade may be sent. The bounds are the contracts' defaults of the server's
 * TRADE_MIN_TOTAL_INR / TRADE_MAX_TOTAL_INR settings; a server configured otherwise refuses
 * with its own figures (422 trade_limit), and the card shows that message instead.
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
  if (compareDecimal(order.inrTotal, TRADE_MIN_TOTAL_INR) < 0) {
    return messages.trades.totalMin(groupInr(TRADE_MIN_TOTAL_INR));
  }
  if (compareDecimal(order.inrTotal, TRADE_MAX_TOTAL_INR) > 0) {
    return messages.trades.totalMax(groupInr(TRADE_MAX_TOTAL_INR));
  }
  if (side === 'buy' && compareDecimal(order.inrTotal, balances.inr) > 0) {
    return messages.quickBuy.insufficientInr;
  }
  if (side === 'sell' && compareDecimal(order.usdtAmount, balances.usdt) > 0) {
    // Rounded down, as the server words it: the amount offered can always be sold.
    return messages.quickBuy.insufficientUsdt(roundDecimal(balances.usdt, 2, 'down'));
  }
  return null;
}

/** A TDS rate as the card labels it: '0.01' → '1%', '0.005' → '0.5%'. */
export function tdsPercentLabel(rate: string): string {
  const percent = multiplyDecimal(rate, '100', 4).replace(/\.?0+$/, '');
  return `${percent || '0'}%`;
}

/**
 * What the card's rate badge says. The simulated market is not a live exchange, so it says
 * "Simulated prices" like every other screen (DESIGN.md §4); only the upstream feed is live.
 */
export function rateLabel(live: boolean, source: MarketSource): { text: string; title: string } {
  if (!live) return { text: 'Standard rate', title: 'Market price unavailable: fallback rate' };
  if (source === 'simulated') {
    return { text: 'Simulated prices', title: "Rate from Sikka's built-in simulated INR market" };
  }
  return { text: 'Live rate', title: 'Live USDT/INR market price' };
}
