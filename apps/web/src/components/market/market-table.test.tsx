// @vitest-environment happy-dom
import { act, useSyncExternalStore } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coin } from '@sikka/contracts';
import { MarketStore } from '@/lib/realtime/market-store.ts';
import { renderPerTest } from '@/testing/render.tsx';
import { testCoin } from '@/testing/coins.ts';
import { MarketTable } from './market-table.tsx';

/**
 * Counts row renders: every MarketRow render renders its CoinIcon once (the icon itself is
 * not memoised here), so the icon's render count per symbol is the row's.
 */
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./coin-icon.tsx', () => ({
  CoinIcon: ({ coin }: { coin: Pick<Coin, 'symbol'> }) => {
    renders.set(coin.symbol, (renders.get(coin.symbol) ?? 0) + 1);
    return null;
  },
}));

const coin = testCoin;

const stableToggle = () => undefined;
const stableTrade = () => undefined;

/** The table fed from the real store, as the pages feed it. */
function LiveTable({
  store,
  unstableCallbacks = false,
}: {
  store: MarketStore;
  unstableCallbacks?: boolean;
}) {
  const { coins } = useSyncExternalStore(store.subscribe, store.getState);
  return (
    <MarketTable
      coins={coins}
      label="Markets"
      rowAction="star"
      watchlistIds={[]}
      onRowAction={unstableCallbacks ? () => undefined : stableToggle}
      onTrade={unstableCallbacks ? () => undefined : stableTrade}
    />
  );
}

describe('market table rendering (issue 3 item 7)', () => {
  const view = renderPerTest();
  let store: MarketStore;

  beforeEach(() => {
    renders.clear();
    store = new MarketStore();
    store.applySnapshot({
      coins: ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE'].map((s, i) => coin(s, 100 + i)),
      source: 'simulated',
      updatedAt: '2025-01-01T00:00:00.000Z',
      error: null,
    });
  });

  it('re-renders only the rows whose coin changed on a tick', () => {
    view.render(<LiveTable store={store} />);
    expect([...renders.values()]).toEqual([1, 1, 1, 1, 1]);

    // A tick that moved ETH only.
    act(() => {
      store.applyDelta({
        c: [['ETHINR', 250, 1, 1000]],
        updatedAt: '2025-01-01T00:00:01.000Z',
        error: null,
      });
    });
    expect(Object.fromEntries(renders)).toEqual({ BTC: 1, ETH: 2, SOL: 1, XRP: 1, DOGE: 1 });
    expect(view.container.querySelector('tr[data-coin-id="ETHINR"]')?.textContent).toContain(
      '₹250.00',
    );

    // A full snapshot (after a reconnect) whose values equal the shown ones for all but SOL.
    act(() =>
      store.applySnapshot({
        coins: [
          coin('BTC', 100),
          coin('ETH', 250),
          coin('SOL', 3),
          coin('XRP', 103),
          coin('DOGE', 104),
        ],
        source: 'simulated',
        updatedAt: '2025-01-01T00:00:02.000Z',
        error: null,
      }),
    );
    expect(Object.fromEntries(renders)).toEqual({ BTC: 1, ETH: 2, SOL: 2, XRP: 1, DOGE: 1 });
  });

  it('would re-render every row if the callbacks changed identity (the counter sees it)', () => {
    view.render(<LiveTable store={store} unstableCallbacks />);
    act(() => {
      store.applyDelta({
        c: [['ETHINR', 250, 1, 1000]],
        updatedAt: '2025-01-01T00:00:01.000Z',
        error: null,
      });
    });
    expect([...renders.values()]).toEqual([2, 2, 2, 2, 2]);
  });
});
