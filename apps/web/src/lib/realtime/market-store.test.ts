import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffCoins, type Coin, type ServerMessage } from '@sikka/contracts';
import { createMessageHandler } from './market-messages.ts';
import { MarketStore } from './market-store.ts';

const coin = (id: string, price: number, change = 0, volume = 1000): Coin => ({
  id,
  name: id.replace(/INR$/, ''),
  symbol: id.replace(/INR$/, ''),
  price,
  market_cap: 0,
  volume,
  price_change_percentage_24h: change,
  image: '',
  high_24h: null,
  low_24h: null,
});

const snapshot = (
  coins: Coin[],
  updatedAt = '2025-01-01T00:00:00.000Z',
  error: string | null = null,
) => ({
  coins,
  source: 'simulated' as const,
  updatedAt,
  error,
});

describe('MarketStore (PRODUCT.md §4 "Coin data")', () => {
  it('is loading until the first result, success or failure', () => {
    const ok = new MarketStore();
    expect(ok.getState().loading).toBe(true);
    ok.applySnapshot(snapshot([coin('BTCINR', 1)]));
    expect(ok.getState()).toMatchObject({ loading: false, error: null });

    const failed = new MarketStore();
    failed.fail('Failed to fetch cryptocurrency data');
    expect(failed.getState()).toMatchObject({
      loading: false,
      error: 'Failed to fetch cryptocurrency data',
      coins: [],
    });
  });

  it('keeps the previous list on failure and clears the error on success', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1)]));
    const list = store.getState().coins;
    store.fail('HTTP error! status: 500');
    expect(store.getState().coins).toBe(list);
    expect(store.getState().error).toBe('HTTP error! status: 500');
    store.applySnapshot(snapshot([coin('BTCINR', 2)], '2025-01-01T00:00:01.000Z'));
    expect(store.getState().error).toBeNull();
    expect(store.getState().coins[0]?.price).toBe(2);
  });

  it('keeps the object of every coin a snapshot or delta did not change', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1), coin('ETHINR', 2), coin('SOLINR', 3)]));
    const [btc, eth, sol] = store.getState().coins;

    store.applyDelta({
      c: [['ETHINR', 2.5, 0, 1000]],
      updatedAt: '2025-01-01T00:00:01.000Z',
      error: null,
    });
    const after = store.getState().coins;
    expect(after[0]).toBe(btc);
    expect(after[1]).not.toBe(eth);
    expect(after[1]?.price).toBe(2.5);
    expect(after[2]).toBe(sol);

    // A fresh snapshot with equal values for BTC and SOL (new objects from JSON) keeps them too.
    store.applySnapshot(
      snapshot(
        [coin('BTCINR', 1), coin('ETHINR', 2.5), coin('SOLINR', 3.5)],
        '2025-01-01T00:00:02.000Z',
      ),
    );
    const third = store.getState().coins;
    expect(third[0]).toBe(btc);
    expect(third[1]).toBe(after[1]);
    expect(third[2]).not.toBe(sol);
  });

  it('does not notify when nothing changed', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1)]));
    let calls = 0;
    store.subscribe(() => (calls += 1));
    const state = store.getState();
    store.applySnapshot(snapshot([coin('BTCINR', 1)]));
    store.applyDelta({
      c: [['BTCINR', 1, 0, 1000]],
      coins: [coin('BTCINR', 1)],
      updatedAt: '2025-01-01T00:00:00.000Z',
      error: null,
    });
    expect(calls).toBe(0);
    expect(store.getState()).toBe(state);
  });

  it('adds new coins, drops removed ones and ignores a list older than the one shown', () => {
    const store = new MarketStore();
    store.applySnapshot(
      snapshot([coin('BTCINR', 1), coin('ETHINR', 2)], '2025-01-01T00:00:05.000Z'),
    );
    store.applyDelta({
      c: [],
      coins: [coin('DOGEINR', 0.1)],
      removed: ['BTCINR'],
      updatedAt: '2025-01-01T00:00:06.000Z',
      error: null,
    });
    expect(store.getState().coins.map((c) => c.id)).toEqual(['ETHINR', 'DOGEINR']);
    store.applySnapshot(snapshot([coin('BTCINR', 9)], '2025-01-01T00:00:04.000Z'));
    expect(store.getState().coins.map((c) => c.id)).toEqual(['ETHINR', 'DOGEINR']);
  });

  it('shows a failed poll reported by the socket while keeping the list', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1)]));
    store.applyDelta({
      c: [],
      updatedAt: '2025-01-01T00:00:00.000Z',
      error: 'No cryptocurrency data available',
    });
    expect(store.getState().error).toBe('No cryptocurrency data available');
    expect(store.getState().coins).toHaveLength(1);
  });

  it('merges a compact tick: the moved fields replaced, high and low kept unless sent', () => {
    const store = new MarketStore();
    const btc = { ...coin('BTCINR', 100, 1.5, 500), high_24h: 110, low_24h: 90 };
    store.applySnapshot(snapshot([btc, coin('ETHINR', 2)]));
    const eth = store.getState().coins[1];

    expect(store.applyDelta({ c: [['BTCINR', 105, 2, 600]], updatedAt: null, error: null })).toBe(
      true,
    );
    expect(store.getState().coins[0]).toEqual({
      ...btc,
      price: 105,
      price_change_percentage_24h: 2,
      volume: 600,
    });
    expect(store.getState().coins[1]).toBe(eth);

    store.applyDelta({ c: [['BTCINR', 120, 3, 700, 120, null]], updatedAt: null, error: null });
    expect(store.getState().coins[0]).toMatchObject({ price: 120, high_24h: 120, low_24h: null });
    expect(store.getState().coins[0]?.name).toBe('BTC');
  });

  it('refuses, changing nothing, a delta that names a coin it does not know', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1), coin('ETHINR', 2)]));
    const state = store.getState();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    expect(
      store.applyDelta({
        c: [
          ['BTCINR', 5, 0, 1000],
          ['SOLINR', 3, 0, 1000],
        ],
        removed: ['ETHINR'],
        updatedAt: '2025-01-01T00:00:09.000Z',
        error: null,
      }),
    ).toBe(false);
    expect(store.getState()).toBe(state);
    expect(calls).toBe(0);
  });

  it('replaces a known coin sent whole where it stands', () => {
    const store = new MarketStore();
    store.applySnapshot(snapshot([coin('BTCINR', 1), coin('ETHINR', 2)]));
    store.applyDelta({
      c: [],
      coins: [{ ...coin('BTCINR', 1), name: 'Bitcoin' }],
      updatedAt: null,
      error: null,
    });
    expect(store.getState().coins.map((c) => c.name)).toEqual(['Bitcoin', 'ETH']);
  });
});

const coinArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom(id.slice(0, 3), id),
    symbol: fc.constantFrom(id.slice(0, 3)),
    price: fc.constantFrom(1, 2, 88.15, 9_842_310),
    market_cap: fc.constantFrom(0, 1),
    volume: fc.constantFrom(0, 1000.5, 2000),
    price_change_percentage_24h: fc.constantFrom(-1.25, 0, 2.5),
    image: fc.constant(''),
    high_24h: fc.constantFrom(null, 3, 9_900_000),
    low_24h: fc.constantFrom(null, 1, 9_700_000),
  });

/** Two successive lists: some coins kept (maybe moved), some dropped, some new at the end. */
const listsArb = fc
  .uniqueArray(fc.constantFrom(...'ABCDEFGHIJKL'.split('').map((l) => `${l}INR`)), {
    maxLength: 12,
  })
  .chain((ids) => {
    const cut = fc.integer({ min: 0, max: ids.length });
    return fc.tuple(fc.constant(ids), cut, fc.subarray(ids), fc.boolean());
  })
  .chain(([ids, cut, dropped, shuffle]) => {
    const previousIds = ids.slice(0, cut);
    const newIds = ids.slice(cut);
    const keptIds = previousIds.filter((id) => !dropped.includes(id));
    const nextIds = [...keptIds, ...newIds];
    return fc.tuple(
      fc.tuple(...previousIds.map(coinArb)),
      fc.tuple(...nextIds.map(coinArb)),
      shuffle ? fc.shuffledSubarray(nextIds, { minLength: nextIds.length }) : fc.constant(nextIds),
    );
  })
  .map(([previous, next, order]) => ({
    previous: previous as Coin[],
    next: order.map((id) => (next as Coin[]).find((c) => c.id === id)!),
  }));

describe("MarketStore applying the server's deltas (property)", () => {
  it('snapshot + delta gives the list a fresh snapshot would, keeping unchanged coins', () => {
    fc.assert(
      fc.property(listsArb, ({ previous, next }) => {
        const diff = diffCoins(previous, next);
        // A reorder reaches clients as a snapshot (the hub's rule); the rest as a delta.
        fc.pre(!diff.reordered);
        const live = new MarketStore();
        live.applySnapshot(snapshot(previous, '2025-01-01T00:00:00.000Z'));
        const shown = new Map(live.getState().coins.map((c) => [c.id, c]));
        const applied = live.applyDelta({
          c: diff.ticks,
          coins: diff.whole,
          removed: diff.removed,
          updatedAt: '2025-01-01T00:00:01.000Z',
          error: null,
        });
        expect(applied).toBe(true);
        const fresh = new MarketStore();
        fresh.applySnapshot(snapshot(next, '2025-01-01T00:00:01.000Z'));
        expect(live.getState().coins).toEqual(fresh.getState().coins);
        for (const c of live.getState().coins) {
          const before = shown.get(c.id);
          if (before && JSON.stringify(before) === JSON.stringify(c)) expect(c).toBe(before);
        }
        // Only the coins that moved travel, and a kept coin's static fields never do.
        expect(diff.ticks.length + diff.whole.length).toBe(diff.changed.length);
        for (const t of diff.ticks) expect(t.length === 4 || t.length === 6).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('flags a list whose kept coins moved, so it is not sent as a delta', () => {
    const a = coin('AINR', 1);
    const b = coin('BINR', 2);
    expect(diffCoins([a, b], [b, a]).reordered).toBe(true);
    expect(diffCoins([a], [coin('CINR', 3), a]).reordered).toBe(true);
    expect(diffCoins([a, b], [b, coin('CINR', 3)]).reordered).toBe(false);
  });
});

describe("the socket's market messages", () => {
  it('asks for a snapshot when a delta names an unknown coin, then applies the snapshot', () => {
    const store = new MarketStore();
    let resyncs = 0;
    const handle = createMessageHandler({ store, resync: () => (resyncs += 1) });
    const tickers = (id: string, price: number): ServerMessage => ({
      type: 'tickers',
      c: [[id, price, 0, 1000]],
      updatedAt: '2025-01-01T00:00:01.000Z',
      error: null,
    });
    handle({ type: 'snapshot', ...snapshot([coin('BTCINR', 1)]) });
    handle(tickers('BTCINR', 2));
    expect(resyncs).toBe(0);
    handle(tickers('SOLINR', 3));
    expect(resyncs).toBe(1);
    expect(store.getState().coins.map((c) => c.id)).toEqual(['BTCINR']);
    handle({
      type: 'snapshot',
      ...snapshot([coin('BTCINR', 2), coin('SOLINR', 3)], '2025-01-01T00:00:01.000Z'),
    });
    handle(tickers('SOLINR', 4));
    expect(resyncs).toBe(1);
    expect(store.getState().coins.map((c) => c.price)).toEqual([2, 4]);
  });
});
