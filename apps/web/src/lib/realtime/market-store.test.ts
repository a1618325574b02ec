import { describe, expect, it } from 'vitest';
import type { Coin } from '@sikka/contracts';
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
      coins: [coin('ETHINR', 2.5)],
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
      coins: [],
      updatedAt: '2025-01-01T00:00:00.000Z',
      error: 'No cryptocurrency data available',
    });
    expect(store.getState().error).toBe('No cryptocurrency data available');
    expect(store.getState().coins).toHaveLength(1);
  });
});
