import { INR_DECIMALS, QUICK_BUY_SPREAD, QUICK_SELL_SPREAD, USDT_DECIMALS } from './constants.ts';
import { decimalToUnits, divideUnits, unitsToDecimal } from './decimal.ts';

/*
 * The quick trade's arithmetic, one copy for the server (which charges) and the web app
 * (which previews): the preview is the figure the server will charge, to the paisa. The SQL
 * functions (migrations/011_house_rounding.sql) compute the same totals where the money
 * moves; tests hold the three equal.
 *
 * Rounding always favours the house (DESIGN.md §8): a buyer's price and total round up, a
 * seller's round down, so no sequence of trades at one rate can ever pay a user more than
 * the exact value of what they gave.
 */

export type QuickSide = 'buy' | 'sell';

export interface QuickPrices {
  /** the market rate as read, INR per USDT */
  rate: string;
  /** INR per USDT a buyer pays: the rate rounded up to paise, + QUICK_BUY_SPREAD */
  buy: string;
  /** INR per USDT a seller receives: the rate rounded down to paise, − QUICK_SELL_SPREAD */
  sell: string;
}

/** Buy and sell prices of a rate, exact in integer paise (no floats). */
export function quickPrices(rate: string): QuickPrices {
  return {
    rate,
    buy: unitsToDecimal(
      decimalToUnits(rate, INR_DECIMALS, 'up') + decimalToUnits(QUICK_BUY_SPREAD, INR_DECIMALS),
      INR_DECIMALS,
    ),
    sell: unitsToDecimal(
      decimalToUnits(rate, INR_DECIMALS, 'down') - decimalToUnits(QUICK_SELL_SPREAD, INR_DECIMALS),
      INR_DECIMALS,
    ),
  };
}

/** The exact INR value of `usdtAmount` at `price`, unrounded (scale 8 + the price's). */
export function exactTradeValue(usdtAmount: string, price: string): string {
  const places = USDT_DECIMALS + INR_DECIMALS;
  return unitsToDecimal(
    decimalToUnits(usdtAmount, USDT_DECIMALS) * decimalToUnits(price, INR_DECIMALS),
    places,
  );
}

/**
 * INR of a trade of `usdtAmount` at `price` (INR per USDT, 2 places): what a buyer pays,
 * rounded up to the paisa, or what a seller receives, rounded down.
 */
export function tradeTotal(side: QuickSide, usdtAmount: string, price: string): string {
  const exact = decimalToUnits(usdtAmount, USDT_DECIMALS) * decimalToUnits(price, INR_DECIMALS);
  const toPaise = 10n ** BigInt(USDT_DECIMALS);
  const sign = exact < 0n ? -1n : 1n;
  const paise = divideUnits(exact * sign, toPaise, side === 'buy' ? 'up' : 'down') * sign;
  return unitsToDecimal(paise, INR_DECIMALS);
}

/** TDS withheld from a USDT sell by default (Income-tax Act section 194S): 1%, the server's TDS_RATE. */
export const TDS_RATE_DEFAULT = '0.01';

export interface SellProceeds {
  /** INR the USDT is worth at the seller's price, rounded down: the trade's total */
  gross: string;
  /** INR withheld as TDS: gross × tdsRate rounded up to the paisa ('0.00' when the rate is 0) */
  tds: string;
  /** INR credited to the seller: gross − tds */
  net: string;
}

/**
 * What a USDT sell pays, as the server will pay it (migration 015's execute_usdt_sell): the
 * gross rounds down (the user receives it) and the TDS rounds up (it is withheld from the
 * user), so the net is never more than the exact value × (1 − rate). `tdsRate` is the
 * decimal the server announces (GET /api/trades/quote-settings), e.g. '0.01'.
 */
export function sellProceeds(usdtAmount: string, price: string, tdsRate: string): SellProceeds {
  const gross = tradeTotal('sell', usdtAmount, price);
  const grossPaise = decimalToUnits(gross, INR_DECIMALS);
  const rateScale = Math.max(0, tdsRate.trim().split('.')[1]?.length ?? 0);
  const rateUnits = decimalToUnits(tdsRate, rateScale);
  const tdsPaise = divideUnits(grossPaise * rateUnits, 10n ** BigInt(rateScale), 'up');
  return {
    gross,
    tds: unitsToDecimal(tdsPaise, INR_DECIMALS),
    net: unitsToDecimal(grossPaise - tdsPaise, INR_DECIMALS),
  };
}
