import {
  compareDecimal,
  SPOT_BOOK_LEVELS,
  type SpotLevel,
  type SpotPublicTrade,
} from '@sikka/contracts';
import type { OrderBook } from './engine/order-book.ts';
import { fromUnits, type SpotMarketDef } from './markets.ts';

export type PublicTrade = SpotPublicTrade;

/** The top SPOT_BOOK_LEVELS levels a side, as the API sends them (best first). */
export interface BookView {
  bids: SpotLevel[];
  asks: SpotLevel[];
}

export function bookView(book: OrderBook, market: SpotMarketDef): BookView {
  const side = (s: 'buy' | 'sell'): SpotLevel[] =>
    book
      .depth(s, SPOT_BOOK_LEVELS)
      .map(([ticks, lots]) => [fromUnits(ticks, market.tickSize), fromUnits(lots, market.lotSize)]);
  return { bids: side('buy'), asks: side('sell') };
}

/**
 * The levels of `next` that differ from `prev`, and those of `prev` gone from `next` with
 * quantity '0': applied to `prev` (set, or delete on '0') they give `next` exactly.
 */
export function diffViews(prev: BookView, next: BookView): BookView {
  return { bids: diffSide(prev.bids, next.bids), asks: diffSide(prev.asks, next.asks) };
}

function diffSide(prev: SpotLevel[], next: SpotLevel[]): SpotLevel[] {
  const before = new Map(prev);
  const out: SpotLevel[] = [];
  for (const [price, qty] of next) {
    if (before.get(price) !== qty) out.push([price, qty]);
    before.delete(price);
  }
  for (const price of before.keys()) out.push([price, '0']);
  return out;
}

/** Applies a delta of diffViews to a view; sides stay sorted best first and cut to the view's size. */
export function applyDelta(view: BookView, delta: BookView): BookView {
  return {
    bids: applySide(view.bids, delta.bids, (a, b) => compareDecimal(b, a)),
    asks: applySide(view.asks, delta.asks, (a, b) => compareDecimal(a, b)),
  };
}

function applySide(
  side: SpotLevel[],
  changes: SpotLevel[],
  order: (a: string, b: string) => number,
): SpotLevel[] {
  if (changes.length === 0) return side;
  const levels = new Map(side);
  for (const [price, qty] of changes) {
    if (compareDecimal(qty, '0') === 0) levels.delete(price);
    else levels.set(price, qty);
  }
  return [...levels.entries()].sort((a, b) => order(a[0], b[0])).slice(0, SPOT_BOOK_LEVELS);
}
