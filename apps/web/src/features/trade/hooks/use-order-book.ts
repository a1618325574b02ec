import { useMemo } from 'react';
import { generateOrderBook, type OrderBook } from '@/features/trade/lib/order-book.ts';

/**
 * The generated book for a price. New random amounts only when the price (or pair) changes,
 * so the book does not flicker on every render, and moves with the market when it ticks.
 */
export function useOrderBook(coinId: string | null, price: number | null): OrderBook {
  return useMemo(
    () => (coinId && price !== null ? generateOrderBook(price) : { sells: [], buys: [] }),
    [coinId, price],
  );
}
