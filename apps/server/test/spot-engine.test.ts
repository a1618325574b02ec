import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OrderBook } from '../src/spot/engine/order-book.ts';
import type { NewOrder, PlaceResult, RestingOrder, Side } from '../src/spot/engine/types.ts';
import { ReferenceBook, sortChanges } from './support/reference-matcher.ts';

/**
 * The spot matching engine: each rule by name, then the whole engine against a plain
 * reference matcher on random command sequences.
 */

let seq = 0;
const limit = (
  side: Side,
  priceTicks: number,
  lots: number,
  more: Partial<NewOrder> = {},
): NewOrder => ({
  id: `t${seq++}`,
  owner: 'taker',
  side,
  type: 'limit',
  priceTicks,
  lots,
  tif: 'GTC',
  postOnly: false,
  stp: 'cancel_taker',
  ...more,
});
const market = (side: Side, lots: number, more: Partial<NewOrder> = {}): NewOrder =>
  limit(side, 0, lots, { type: 'market', tif: 'IOC', ...more });

/** A book with resting orders placed in this order (the oldest first). */
function bookWith(...orders: Array<Omit<RestingOrder, 'owner'> & { owner?: string }>) {
  const book = new OrderBook({ trackChanges: true });
  for (const o of orders) book.rest({ owner: 'maker', ...o });
  book.drainChanges();
  return book;
}
const ask = (id: string, priceTicks: number, lots: number, owner = 'maker') =>
  ({ id, owner, side: 'sell', priceTicks, lots }) as const;
const bid = (id: string, priceTicks: number, lots: number, owner = 'maker') =>
  ({ id, owner, side: 'buy', priceTicks, lots }) as const;
const fillsOf = (r: PlaceResult) => r.fills.map((f) => [f.makerId, f.priceTicks, f.lots]);
const ids = (book: OrderBook) => [...book.orders()].map((o) => `${o.id}:${o.lots}`);

describe('spot engine: matching rules', () => {
  it('price priority: a buy takes the lowest ask first, across levels, at the makers’ prices', () => {
    const book = bookWith(ask('a103', 103, 5), ask('a101', 101, 5), ask('a102', 102, 5));
    const r = book.place(limit('buy', 102, 8));
    expect(fillsOf(r)).toEqual([
      ['a101', 101, 5],
      ['a102', 102, 3],
    ]);
    expect(r).toMatchObject({
      filledLots: 8,
      restingLots: 0,
      status: 'filled',
      cancelReason: null,
    });
    expect(book.bestAsk()).toBe(102);
  });

  it('price priority: a sell takes the highest bid first', () => {
    const book = bookWith(bid('b99', 99, 5), bid('b101', 101, 5), bid('b100', 100, 5));
    const r = book.place(limit('sell', 100, 7));
    expect(fillsOf(r)).toEqual([
      ['b101', 101, 5],
      ['b100', 100, 2],
    ]);
    expect(book.bestBid()).toBe(100);
  });

  it('time priority: within a level the oldest order fills first', () => {
    const book = bookWith(ask('first', 100, 2), ask('second', 100, 2), ask('third', 100, 2));
    expect(fillsOf(book.place(limit('buy', 100, 3)))).toEqual([
      ['first', 100, 2],
      ['second', 100, 1],
    ]);
  });

  it('partial fill: the maker keeps its rest at its original time priority', () => {
    const book = bookWith(ask('old', 100, 10));
    const r = book.place(limit('buy', 100, 4));
    expect(r.fills[0]).toMatchObject({ makerId: 'old', lots: 4, makerRemaining: 6 });
    book.rest(ask('young', 100, 5));
    expect(fillsOf(book.place(limit('buy', 100, 7)))).toEqual([
      ['old', 100, 6],
      ['young', 100, 1],
    ]);
    expect(book.get('young')?.lots).toBe(4);
    expect(book.get('old')).toBeUndefined();
  });

  it('fills report the maker done (makerRemaining 0) and remove it from the book', () => {
    const book = bookWith(ask('a', 100, 3));
    const r = book.place(limit('buy', 100, 3, { id: 'tk', owner: 'bob' }));
    expect(r.fills).toEqual([
      {
        makerId: 'a',
        makerOwner: 'maker',
        takerId: 'tk',
        takerOwner: 'bob',
        priceTicks: 100,
        lots: 3,
        makerRemaining: 0,
      },
    ]);
    expect(book.size).toBe(0);
  });

  it('GTC limit: the unfilled rest rests in the book at its limit price', () => {
    const book = bookWith(ask('a', 100, 3));
    const r = book.place(limit('buy', 101, 5, { id: 'g' }));
    expect(r).toMatchObject({ filledLots: 3, restingLots: 2, status: 'open', cancelReason: null });
    expect(book.get('g')).toEqual({
      id: 'g',
      owner: 'taker',
      side: 'buy',
      priceTicks: 101,
      lots: 2,
    });
    expect(book.bestBid()).toBe(101);
  });

  it('IOC limit: fills what it can, the rest is cancelled (ioc) and never rests', () => {
    const book = bookWith(ask('a', 100, 3), ask('b', 102, 3));
    const r = book.place(limit('buy', 101, 5, { tif: 'IOC', id: 'i' }));
    expect(r).toMatchObject({
      filledLots: 3,
      restingLots: 0,
      status: 'cancelled',
      cancelReason: 'ioc',
    });
    expect(book.get('i')).toBeUndefined();
    expect(book.place(limit('buy', 99, 1, { tif: 'IOC' }))).toMatchObject({
      fills: [],
      status: 'cancelled',
      cancelReason: 'ioc',
    });
    expect(book.place(limit('buy', 102, 3, { tif: 'IOC' })).status).toBe('filled');
  });

  it('FOK: all or nothing; a miss leaves the book exactly as it was', () => {
    const book = bookWith(ask('a', 100, 3), ask('b', 101, 3), ask('c', 103, 10));
    const before = book.hash();
    // 6 lots exist at ≤ 101, not 7: the limit price bounds the dry run.
    const miss = book.place(limit('buy', 101, 7, { tif: 'FOK' }));
    expect(miss).toEqual({
      fills: [],
      filledLots: 0,
      restingLots: 0,
      status: 'cancelled',
      cancelReason: 'fok',
      makerCancels: [],
    });
    expect(book.hash()).toBe(before);
    expect(book.drainChanges()).toEqual([]);
    const hit = book.place(limit('buy', 101, 6, { tif: 'FOK' }));
    expect(hit).toMatchObject({ filledLots: 6, status: 'filled' });
    expect(book.bestAsk()).toBe(103);
  });

  it('market: takes any price, never rests, the rest is cancelled (no_liquidity)', () => {
    const book = bookWith(ask('a', 100, 2), ask('b', 500, 2));
    const r = book.place(market('buy', 6));
    expect(fillsOf(r)).toEqual([
      ['a', 100, 2],
      ['b', 500, 2],
    ]);
    expect(r).toMatchObject({ filledLots: 4, restingLots: 0, cancelReason: 'no_liquidity' });
    expect(book.size).toBe(0);
    // GTC market behaves as IOC: nothing rests.
    expect(book.place(market('sell', 3, { tif: 'GTC' }))).toMatchObject({
      status: 'cancelled',
      cancelReason: 'no_liquidity',
    });
    expect(book.size).toBe(0);
  });

  it('market FOK: all or nothing', () => {
    const book = bookWith(bid('a', 100, 2));
    expect(book.place(market('sell', 3, { tif: 'FOK' })).cancelReason).toBe('fok');
    expect(book.get('a')?.lots).toBe(2);
    expect(book.place(market('sell', 2, { tif: 'FOK' })).status).toBe('filled');
  });

  it('market buy with maxQuoteUnits: fills floor(left / price) lots, then stops (funds)', () => {
    const book = bookWith(ask('a', 100, 2), ask('b', 150, 10));
    // 200 at 100, then floor((520 − 200) / 150) = 2 lots at 150 = 300; 20 left.
    const r = book.place(market('buy', 10, { maxQuoteUnits: 520 }));
    expect(fillsOf(r)).toEqual([
      ['a', 100, 2],
      ['b', 150, 2],
    ]);
    expect(r).toMatchObject({ filledLots: 4, status: 'cancelled', cancelReason: 'funds' });
    expect(book.get('b')?.lots).toBe(8);
    // Exactly enough money fills completely: no 'funds'.
    expect(book.place(market('buy', 2, { maxQuoteUnits: 300 }))).toMatchObject({
      status: 'filled',
      cancelReason: null,
    });
    // FOK with a budget short of the whole quantity: nothing happens.
    expect(book.place(market('buy', 3, { tif: 'FOK', maxQuoteUnits: 449 })).cancelReason).toBe(
      'fok',
    );
    expect(book.get('b')?.lots).toBe(6);
  });

  it('post-only: a crossing order is cancelled (post_only) and nothing changes', () => {
    const book = bookWith(ask('a', 100, 5), bid('b', 98, 5));
    const before = book.hash();
    expect(book.place(limit('buy', 100, 1, { postOnly: true }))).toEqual({
      fills: [],
      filledLots: 0,
      restingLots: 0,
      status: 'cancelled',
      cancelReason: 'post_only',
      makerCancels: [],
    });
    expect(book.place(limit('sell', 98, 1, { postOnly: true })).cancelReason).toBe('post_only');
    expect(book.hash()).toBe(before);
    expect(book.place(limit('buy', 99, 1, { postOnly: true, id: 'p' })).status).toBe('open');
    expect(book.bestBid()).toBe(99);
  });

  it('post-only that does not cross: IOC is cancelled (ioc), FOK is cancelled (fok)', () => {
    const book = bookWith(ask('a', 100, 5));
    expect(book.place(limit('buy', 99, 1, { postOnly: true, tif: 'IOC' })).cancelReason).toBe(
      'ioc',
    );
    expect(book.place(limit('buy', 99, 1, { postOnly: true, tif: 'FOK' })).cancelReason).toBe(
      'fok',
    );
    expect(book.size).toBe(1);
  });

  it('STP cancel_taker: stops at the own order; earlier fills stand, the maker stays', () => {
    const book = bookWith(
      ask('other', 100, 2, 'bob'),
      ask('own', 100, 5, 'alice'),
      ask('x', 100, 5),
    );
    const r = book.place(limit('buy', 100, 6, { owner: 'alice', stp: 'cancel_taker' }));
    expect(fillsOf(r)).toEqual([['other', 100, 2]]);
    expect(r).toMatchObject({
      filledLots: 2,
      restingLots: 0,
      status: 'cancelled',
      cancelReason: 'stp',
      makerCancels: [],
    });
    expect(book.get('own')?.lots).toBe(5);
    expect(book.get('x')?.lots).toBe(5);
  });

  it('STP cancel_maker: the own order is removed and matching continues', () => {
    const book = bookWith(ask('own', 100, 5, 'alice'), ask('x', 101, 5));
    const r = book.place(limit('buy', 101, 3, { owner: 'alice', stp: 'cancel_maker' }));
    expect(r.makerCancels).toEqual([
      { id: 'own', owner: 'alice', side: 'sell', priceTicks: 100, remainingLots: 5 },
    ]);
    expect(fillsOf(r)).toEqual([['x', 101, 3]]);
    expect(r.status).toBe('filled');
    expect(book.get('own')).toBeUndefined();
  });

  it('STP cancel_both: the own order is removed and the taker’s rest cancelled (stp)', () => {
    const book = bookWith(ask('x', 99, 1), ask('own', 100, 5, 'alice'), ask('y', 100, 5));
    const r = book.place(limit('buy', 100, 4, { owner: 'alice', stp: 'cancel_both' }));
    expect(fillsOf(r)).toEqual([['x', 99, 1]]);
    expect(r.makerCancels.map((m) => m.id)).toEqual(['own']);
    expect(r).toMatchObject({ filledLots: 1, status: 'cancelled', cancelReason: 'stp' });
    expect(ids(book)).toEqual(['y:5']);
  });

  it('STP in the FOK dry run: cancel_taker stops the walk, cancel_maker skips the own order', () => {
    const book = bookWith(ask('own', 100, 5, 'alice'), ask('x', 100, 5));
    const before = book.hash();
    const stopped = book.place(
      limit('buy', 100, 5, { owner: 'alice', tif: 'FOK', stp: 'cancel_taker' }),
    );
    expect(stopped).toMatchObject({ status: 'cancelled', cancelReason: 'fok', makerCancels: [] });
    const both = book.place(
      limit('buy', 100, 5, { owner: 'alice', tif: 'FOK', stp: 'cancel_both' }),
    );
    expect(both).toMatchObject({ cancelReason: 'fok', makerCancels: [] });
    // Skipping the own 5 lots leaves only 5: 6 misses, and the own order stays.
    const short = book.place(
      limit('buy', 100, 6, { owner: 'alice', tif: 'FOK', stp: 'cancel_maker' }),
    );
    expect(short).toMatchObject({ cancelReason: 'fok', makerCancels: [] });
    expect(book.hash()).toBe(before);
    const ok = book.place(
      limit('buy', 100, 5, { owner: 'alice', tif: 'FOK', stp: 'cancel_maker' }),
    );
    expect(ok).toMatchObject({ status: 'filled', filledLots: 5 });
    expect(ok.makerCancels.map((m) => m.id)).toEqual(['own']);
    expect(book.size).toBe(0);
  });

  it('cancel: removes a resting order and returns it; unknown ids give null', () => {
    const book = bookWith(bid('a', 99, 4, 'alice'), bid('b', 99, 6, 'bob'));
    expect(book.cancel('a')).toEqual({
      id: 'a',
      owner: 'alice',
      side: 'buy',
      priceTicks: 99,
      remainingLots: 4,
    });
    expect(book.cancel('a')).toBeNull();
    expect(book.cancel('nope')).toBeNull();
    expect(book.depth('buy', 5)).toEqual([[99, 6, 1]]);
    expect(book.idsOf('alice')).toEqual([]);
    expect(book.size).toBe(1);
  });

  it('idsOf lists an owner’s resting orders oldest first', () => {
    const book = bookWith(
      bid('a1', 90, 1, 'alice'),
      ask('b1', 110, 1, 'bob'),
      ask('a2', 120, 1, 'alice'),
    );
    book.place(limit('buy', 95, 1, { id: 'a3', owner: 'alice' }));
    book.place(limit('buy', 91, 1, { id: 'a4', owner: 'alice' }));
    expect(book.idsOf('alice')).toEqual(['a1', 'a2', 'a3', 'a4']);
    book.cancel('a2');
    expect(book.idsOf('alice')).toEqual(['a1', 'a3', 'a4']);
    expect(book.idsOf('nobody')).toEqual([]);
  });

  it('rest() refuses an order that would cross, and a duplicate id; place() refuses a resting id', () => {
    const book = bookWith(ask('a', 100, 1), bid('b', 98, 1));
    expect(() => book.rest(bid('x', 100, 1))).toThrow(/cross/);
    expect(() => book.rest(ask('y', 98, 1))).toThrow(/cross/);
    expect(() => book.rest(bid('a', 97, 1))).toThrow(/already/);
    expect(() => book.place(limit('buy', 97, 1, { id: 'b' }))).toThrow(/already/);
    book.rest(bid('z', 99, 1));
    expect(book.bestBid()).toBe(99);
    expect(book.size).toBe(3);
  });

  it('refuses nonsense input with an Error', () => {
    const book = new OrderBook();
    const bad: Array<Partial<NewOrder>> = [
      { lots: 0 },
      { lots: -1 },
      { lots: 1.5 },
      { lots: 2 ** 53 },
      { priceTicks: 0 },
      { priceTicks: 100.5 },
      { priceTicks: Number.NaN },
      { side: 'short' as Side },
      { type: 'stop' as NewOrder['type'] },
      { tif: 'GTD' as NewOrder['tif'] },
      { stp: 'none' as NewOrder['stp'] },
      { maxQuoteUnits: 1.5 },
    ];
    for (const b of bad)
      expect(() => book.place(limit('buy', 100, 1, b)), JSON.stringify(b)).toThrow();
    expect(() => book.rest(bid('r', 0, 1))).toThrow();
    expect(() => book.rest(bid('r', 1, 0))).toThrow();
    // A market order's price is ignored.
    expect(book.place(market('buy', 1)).cancelReason).toBe('no_liquidity');
    expect(book.size).toBe(0);
  });

  it('depth aggregates each level (price, total lots, order count), best first', () => {
    const book = bookWith(
      bid('b1', 99, 2),
      bid('b2', 97, 3),
      bid('b3', 99, 4),
      ask('a1', 101, 1),
      ask('a2', 103, 6),
      ask('a3', 101, 2),
      ask('a4', 102, 5),
    );
    expect(book.depth('buy', 10)).toEqual([
      [99, 6, 2],
      [97, 3, 1],
    ]);
    expect(book.depth('sell', 2)).toEqual([
      [101, 3, 2],
      [102, 5, 1],
    ]);
    expect([book.bestBid(), book.bestAsk()]).toEqual([99, 101]);
    expect(ids(book)).toEqual(['b1:2', 'b3:4', 'b2:3', 'a1:1', 'a3:2', 'a4:5', 'a2:6']);
  });

  it('hash: a book rebuilt from orders() hashes the same; another priority does not', () => {
    const book = new OrderBook();
    for (let i = 0; i < 50; i++) {
      const side: Side = i % 2 === 0 ? 'buy' : 'sell';
      book.place(
        limit(side, side === 'buy' ? 95 + (i % 7) : 99 + (i % 5), 1 + (i % 4), {
          owner: `o${i % 3}`,
        }),
      );
    }
    const rebuilt = new OrderBook();
    for (const o of book.orders()) rebuilt.rest(o);
    expect(rebuilt.hash()).toBe(book.hash());
    expect(rebuilt.hash()).toMatch(/^[0-9a-f]{64}$/);
    expect(ids(rebuilt)).toEqual(ids(book));

    const a = bookWith(bid('x', 99, 1), bid('y', 99, 1));
    const b = bookWith(bid('y', 99, 1), bid('x', 99, 1));
    expect(a.hash()).not.toBe(b.hash());
    const c = bookWith(bid('x', 99, 1), bid('y', 99, 2));
    expect(c.hash()).not.toBe(a.hash());
  });

  it('drainChanges reports each changed level once with its new total, then clears', () => {
    const book = bookWith(ask('a', 100, 2), ask('b', 101, 3), bid('c', 95, 1), bid('d', 94, 1));
    book.place(limit('buy', 101, 4, { id: 'e' })); // empties 100, takes 2 of 101
    book.cancel('d');
    book.rest(bid('f', 96, 7));
    expect(sortChanges(book.drainChanges())).toEqual([
      ['buy', 94, 0],
      ['buy', 96, 7],
      ['sell', 100, 0],
      ['sell', 101, 1],
    ]);
    expect(book.drainChanges()).toEqual([]);
    // STP removal is a change too.
    book.place(limit('sell', 96, 1, { owner: 'maker', stp: 'cancel_maker', tif: 'IOC' }));
    expect(book.drainChanges()).toEqual([['buy', 96, 0]]);
    // Without trackChanges nothing is recorded.
    const quiet = new OrderBook();
    quiet.rest(bid('q', 1, 1));
    expect(quiet.drainChanges()).toEqual([]);
  });
});

/** A command of the random sequences. */
type Command =
  | { kind: 'place'; order: Omit<NewOrder, 'id'> }
  | { kind: 'cancel'; ref: number }
  | { kind: 'rest'; order: Omit<RestingOrder, 'id'> };

const OWNERS = ['ann', 'ben', 'cy'];
const sideArb = fc.constantFrom<Side>('buy', 'sell');
const priceArb = fc.integer({ min: 95, max: 105 });
const placeArb: fc.Arbitrary<Command> = fc
  .record({
    owner: fc.constantFrom(...OWNERS),
    side: sideArb,
    type: fc.constantFrom<NewOrder['type']>('limit', 'limit', 'limit', 'market'),
    priceTicks: priceArb,
    lots: fc.integer({ min: 1, max: 12 }),
    tif: fc.constantFrom<NewOrder['tif']>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
    postOnly: fc.boolean(),
    stp: fc.constantFrom<NewOrder['stp']>('cancel_taker', 'cancel_maker', 'cancel_both'),
    budget: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: undefined }),
  })
  .map(({ budget, ...o }) => ({
    kind: 'place' as const,
    order: {
      ...o,
      priceTicks: o.type === 'market' ? 0 : o.priceTicks,
      postOnly: o.type === 'limit' && o.postOnly,
      ...(budget !== undefined && o.type === 'market' && o.side === 'buy'
        ? { maxQuoteUnits: budget }
        : {}),
    },
  }));
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: placeArb },
  { weight: 2, arbitrary: fc.nat({ max: 45 }).map((ref) => ({ kind: 'cancel' as const, ref })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        owner: fc.constantFrom(...OWNERS),
        side: sideArb,
        priceTicks: priceArb,
        lots: fc.integer({ min: 1, max: 12 }),
      })
      .map((order) => ({ kind: 'rest' as const, order })),
  },
);

/** Runs `fn` on both books: same value, or both throw. */
function both<T>(engine: () => T, reference: () => T): T | 'threw' {
  let a: T | 'threw';
  let b: T | 'threw';
  try {
    a = engine();
  } catch {
    a = 'threw';
  }
  try {
    b = reference();
  } catch {
    b = 'threw';
  }
  expect(a).toEqual(b);
  return a;
}

describe('spot engine: against the reference matcher', () => {
  it('10,000 random sequences: same results and the same book after every command', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40 }), (commands) => {
        const engine = new OrderBook({ trackChanges: true });
        const ref = new ReferenceBook();
        commands.forEach((cmd, i) => {
          const before = ref.levels();
          if (cmd.kind === 'place') {
            const order: NewOrder = { id: `o${i}`, ...cmd.order };
            both(
              () => engine.place(order),
              () => ref.place(order),
            );
          } else if (cmd.kind === 'cancel') {
            const id = `o${cmd.ref}`;
            both(
              () => engine.cancel(id),
              () => ref.cancel(id),
            );
          } else {
            const order: RestingOrder = { id: `o${i}`, ...cmd.order };
            both(
              () => engine.rest(order),
              () => ref.rest(order),
            );
          }
          const book = ref.orders();
          expect([...engine.orders()]).toEqual(book);
          expect(engine.size).toBe(book.length);
          expect(sortChanges(engine.drainChanges())).toEqual(
            ReferenceBook.diff(before, ref.levels()),
          );
          const bids = book.filter((o) => o.side === 'buy');
          const asks = book.filter((o) => o.side === 'sell');
          expect(engine.bestBid()).toBe(bids[0]?.priceTicks ?? null);
          expect(engine.bestAsk()).toBe(asks[0]?.priceTicks ?? null);
          for (const owner of OWNERS) expect(engine.idsOf(owner)).toEqual(ref.idsOf(owner));
        });
      }),
      { numRuns: 10_000 },
    );
  });
});

/** Applies one random command to the book (errors, e.g. a crossing rest(), leave it alone). */
function apply(book: OrderBook, cmd: Command, i: number): unknown {
  try {
    if (cmd.kind === 'place') return book.place({ id: `o${i}`, ...cmd.order });
    if (cmd.kind === 'cancel') return book.cancel(`o${cmd.ref}`);
    book.rest({ id: `o${i}`, ...cmd.order });
    return 'rested';
  } catch {
    return 'threw';
  }
}

/** Everything a caller can see of a book. */
const stateOf = (book: OrderBook) => ({
  orders: [...book.orders()],
  size: book.size,
  bestBid: book.bestBid(),
  bestAsk: book.bestAsk(),
  owners: OWNERS.map((o) => book.idsOf(o)),
  depth: [book.depth('buy', 20), book.depth('sell', 20)],
  hash: book.hash(),
});

describe('spot engine: undo to a checkpoint', () => {
  it('5,000 random sequences: undo puts the book back exactly, and it then matches as before', () => {
    const commands = (max: number) => fc.array(commandArb, { maxLength: max });
    fc.assert(
      fc.property(commands(30), commands(15), commands(15), (before, taken, after) => {
        // The same history on two books; one of them also runs `taken`, then takes it back.
        const undone = new OrderBook({ trackChanges: true });
        const plain = new OrderBook({ trackChanges: true });
        before.forEach((cmd, i) => {
          apply(undone, cmd, i);
          apply(plain, cmd, i);
        });
        undone.checkpoint();
        taken.forEach((cmd, i) => apply(undone, cmd, 100 + i));
        undone.undo();
        expect(stateOf(undone)).toEqual(stateOf(plain));
        // Its links are whole: every later command gives the same result and the same book,
        // and the levels it reports changed carry their true totals.
        undone.drainChanges();
        plain.drainChanges();
        after.forEach((cmd, i) => {
          expect(apply(undone, cmd, 200 + i)).toEqual(apply(plain, cmd, 200 + i));
          expect(sortChanges(undone.drainChanges())).toEqual(sortChanges(plain.drainChanges()));
        });
        expect(stateOf(undone)).toEqual(stateOf(plain));
      }),
      { numRuns: 5_000 },
    );
  });

  it('commit keeps the changes; undo without a checkpoint is an error', () => {
    const book = bookWith(ask('a1', 101, 2), ask('a2', 101, 3), bid('b1', 99, 4));
    const before = stateOf(book);
    book.checkpoint();
    book.place(limit('buy', 101, 4, { id: 'x1', owner: 'ann' }));
    book.cancel('b1');
    book.commit();
    expect(stateOf(book)).not.toEqual(before);
    expect(ids(book)).toEqual(['a2:1']);
    expect(() => book.undo()).toThrow(/without checkpoint/);
  });

  it('undo brings back a level emptied by fills, in its time priority, and a cancelled order mid-queue', () => {
    const book = bookWith(
      ask('a1', 101, 2),
      ask('a2', 101, 3),
      ask('a3', 102, 1),
      bid('b1', 99, 4),
      bid('b2', 99, 5),
      bid('b3', 99, 6),
    );
    const before = stateOf(book);
    book.checkpoint();
    // Empties both ask levels, takes b2 from the middle of its queue, partly fills b1.
    book.place(limit('buy', 102, 6, { id: 'x1', owner: 'ann' }));
    book.cancel('b2');
    book.place(limit('sell', 99, 1, { id: 'x2', owner: 'ben' }));
    expect(stateOf(book)).not.toEqual(before);
    book.undo();
    expect(stateOf(book)).toEqual(before);
    expect(fillsOf(book.place(limit('buy', 101, 3, { id: 'x3', owner: 'ann' })))).toEqual([
      ['a1', 101, 2],
      ['a2', 101, 1],
    ]);
    expect(book.idsOf('maker')).toEqual(['a2', 'a3', 'b1', 'b2', 'b3']);
  });
});
