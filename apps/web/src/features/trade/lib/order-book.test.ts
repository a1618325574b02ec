import { describe, expect, it } from 'vitest';
import { generateOrderBook, ORDER_BOOK_LEVELS } from './order-book.ts';

/** A repeatable stand-in for Math.random. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

describe('generateOrderBook', () => {
  it('has 7 sells and 7 buys, 0.1% apart around the price', () => {
    const book = generateOrderBook(1000, seeded(1));
    expect(book.sells).toHaveLength(ORDER_BOOK_LEVELS);
    expect(book.buys).toHaveLength(ORDER_BOOK_LEVELS);
    expect(book.sells.map((e) => e.price)).toEqual([
      '1007.00',
      '1006.00',
      '1005.00',
      '1004.00',
      '1003.00',
      '1002.00',
      '1001.00',
    ]);
    expect(book.buys.map((e) => e.price)).toEqual([
      '999.00',
      '998.00',
      '997.00',
      '996.00',
      '995.00',
      '994.00',
      '993.00',
    ]);
    expect(new Set([...book.sells, ...book.buys].map((e) => e.id)).size).toBe(14);
    expect(book.sells.every((e) => e.type === 'sell')).toBe(true);
    expect(book.buys.every((e) => e.type === 'buy')).toBe(true);
  });

  it('gives each level a positive random amount and total = price × amount', () => {
    const book = generateOrderBook(8_500_000, seeded(7));
    for (const e of [...book.sells, ...book.buys]) {
      expect(Number(e.amount)).toBeGreaterThan(0);
      expect(e.amount).toMatch(/^\d+\.\d{6}$/);
      expect(Math.abs(Number(e.total) - Number(e.price) * Number(e.amount))).toBeLessThan(0.01);
    }
    const amounts = new Set(book.buys.map((e) => e.amount));
    expect(amounts.size).toBeGreaterThan(1);
  });

  it('keeps sub-rupee prices visible and amounts whole', () => {
    const book = generateOrderBook(0.002134, seeded(3));
    expect(book.sells.at(-1)!.price).toBe('0.002136');
    expect(book.buys[0]!.price).toBe('0.002132');
    expect(book.buys.every((e) => /^\d+$/.test(e.amount))).toBe(true);
  });

  it('is the same book for the same random numbers, and empty without a price', () => {
    expect(generateOrderBook(88.15, seeded(5))).toEqual(generateOrderBook(88.15, seeded(5)));
    expect(generateOrderBook(0)).toEqual({ sells: [], buys: [] });
    expect(generateOrderBook(Number.NaN)).toEqual({ sells: [], buys: [] });
  });
});
