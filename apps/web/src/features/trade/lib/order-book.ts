import { decimalFromNumber, multiplyDecimal } from '@sikka/contracts';
import { amountDecimals, priceDecimals } from './price-precision.ts';

/** PRODUCT.md §3 "Order book entry": generated on the client, not real orders. */
export interface OrderBookEntry {
  id: string;
  /** INR per coin, decimal string. */
  price: string;
  /** Coins, decimal string. */
  amount: string;
  /** price × amount in INR, decimal string with 2 places. */
  total: string;
  type: 'buy' | 'sell';
}

export interface OrderBook {
  /** Asks, nearest the price last (so they read downwards towards the price). */
  sells: OrderBookEntry[];
  /** Bids, nearest the price first. */
  buys: OrderBookEntry[];
}

/** PRODUCT.md §9: 7 levels per side, 0.1% apart, around the price. */
export const ORDER_BOOK_LEVELS = 7;
export const ORDER_BOOK_STEP = 0.001;

/** INR value of one level: between ₹5,000 and ₹5,00,000, so totals look like a real book. */
const MIN_NOTIONAL = 5_000;
const MAX_NOTIONAL = 500_000;

function entry(
  type: 'buy' | 'sell',
  level: number,
  price: number,
  random: () => number,
): OrderBookEntry | null {
  const factor = type === 'sell' ? 1 + ORDER_BOOK_STEP * level : 1 - ORDER_BOOK_STEP * level;
  const levelPrice = decimalFromNumber(price * factor, priceDecimals(price));
  const notional = MIN_NOTIONAL + random() * (MAX_NOTIONAL - MIN_NOTIONAL);
  const places = amountDecimals(price);
  // At least one smallest unit, so no level shows an amount of zero.
  const amountNumber = Math.max(notional / (price * factor), 10 ** -places);
  const amount = decimalFromNumber(amountNumber, places);
  if (!levelPrice || !amount) return null;
  return {
    id: `${type}-${level}`,
    price: levelPrice,
    amount,
    total: multiplyDecimal(levelPrice, amount, 2),
    type,
  };
}

/**
 * A demo order book around `price`: sells at +0.1% … +0.7%, buys at −0.1% … −0.7%, random
 * amounts. `random` is injectable so tests get a fixed book.
 */
export function generateOrderBook(price: number, random: () => number = Math.random): OrderBook {
  if (!Number.isFinite(price) || price <= 0) return { sells: [], buys: [] };
  const levels = Array.from({ length: ORDER_BOOK_LEVELS }, (_, i) => i + 1);
  const pick = (type: 'buy' | 'sell') =>
    levels.map((l) => entry(type, l, price, random)).filter((e): e is OrderBookEntry => e !== null);
  return { sells: pick('sell').reverse(), buys: pick('buy') };
}
