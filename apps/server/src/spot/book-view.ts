import {
  decimalToUnits,
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

/** A level in the engine's units: price in ticks, quantity in lots. */
export type UnitLevel = readonly [ticks: number, lots: number];

/** The engine's top of book in its own units, best first: what it compares batch to batch. */
export interface UnitView {
  bids: UnitLevel[];
  asks: UnitLevel[];
}

type Sizes = Pick<SpotMarketDef, 'tickSize' | 'lotSize'>;

export function unitView(book: OrderBook): UnitView {
  const side = (s: 'buy' | 'sell'): UnitLevel[] =>
    book.depth(s, SPOT_BOOK_LEVELS).map(([ticks, lots]) => [ticks, lots] as const);
  return { bids: side('buy'), asks: side('sell') };
}

const level = (market: Sizes, ticks: number, lots: number): SpotLevel => [
  fromUnits(ticks, market.tickSize),
  lots === 0 ? '0' : fromUnits(lots, market.lotSize),
];

export function formatView(view: UnitView, market: Sizes): BookView {
  const side = (levels: UnitLevel[]) => levels.map(([t, l]) => level(market, t, l));
  return { bids: side(view.bids), asks: side(view.asks) };
}

/**
 * The levels of `next` that differ from `prev`, and those of `prev` gone from `next` with
 * quantity '0', as the API writes them: applied to `prev` (set, or delete on '0') they give
 * `next` exactly. Compared in units, so only the levels that changed are written out.
 */
export function diffViews(prev: UnitView, next: UnitView, market: Sizes): BookView {
  return {
    bids: diffSide(prev.bids, next.bids, market),
    asks: diffSide(prev.asks, next.asks, market),
  };
}

function diffSide(prev: UnitLevel[], next: UnitLevel[], market: Sizes): SpotLevel[] {
  const before = new Map(prev);
  const out: SpotLevel[] = [];
  for (const [ticks, lots] of next) {
    if (before.get(ticks) !== lots) out.push(level(market, ticks, lots));
    before.delete(ticks);
  }
  for (const ticks of before.keys()) out.push(level(market, ticks, 0));
  return out;
}

/** A decimal string with no digit but zeros ('0', '0.00') is zero. */
const isZero = (quantity: string) => !/[1-9]/.test(quantity);

/** Applies a delta of diffViews to a view; sides stay sorted best first and cut to the view's size. */
export function applyDelta(view: BookView, delta: BookView): BookView {
  return {
    bids: applySide(view.bids, delta.bids, -1),
    asks: applySide(view.asks, delta.asks, 1),
  };
}

function applySide(side: SpotLevel[], changes: SpotLevel[], direction: 1 | -1): SpotLevel[] {
  if (changes.length === 0) return side;
  const levels = new Map(side);
  for (const [price, qty] of changes) {
    if (isZero(qty)) levels.delete(price);
    else levels.set(price, qty);
  }
  // Each price read once (exactly, as an integer at a scale beyond any tick), then sorted.
  return [...levels.entries()]
    .map((l) => ({ l, key: decimalToUnits(l[0], 18) }))
    .sort((a, b) => (a.key === b.key ? 0 : (a.key < b.key ? -1 : 1) * direction))
    .slice(0, SPOT_BOOK_LEVELS)
    .map(({ l }) => l);
}
