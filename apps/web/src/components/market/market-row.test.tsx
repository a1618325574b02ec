// @vitest-environment happy-dom
import { act, useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Coin } from '@sikka/contracts';
import { useStableList } from '@/hooks/use-stable-list.ts';
import { renderPerTest } from '@/testing/render.tsx';
import { testCoin } from '@/testing/coins.ts';
import { MarketTable } from './market-table.tsx';

const coin = testCoin;

const noop = () => undefined;

describe('market rows on a tick', () => {
  const view = renderPerTest();

  const table = (coins: Coin[], onTrade: (c: Coin) => void) => (
    <MarketTable
      coins={coins}
      label="Markets"
      rowAction="star"
      watchlistIds={[]}
      onRowAction={noop}
      onTrade={onTrade}
    />
  );

  it('rewrites the price in place when only the price moved', () => {
    const onTrade = vi.fn();
    view.render(table([coin('BTC', 100)], onTrade));
    const trade = view.container.querySelector('button[aria-label="Trade BTC"]');
    const icon = view.container.querySelector('[data-icon-state]');
    view.render(table([coin('BTC', 250)], onTrade));
    expect(view.container.querySelector('[data-testid="coin-price"]')?.textContent).toBe('₹250.00');
    // The row is updated, not replaced: its buttons and icon stay the same nodes.
    expect(view.container.querySelector('button[aria-label="Trade BTC"]')).toBe(trade);
    expect(view.container.querySelector('[data-icon-state]')).toBe(icon);
  });

  it('sends the coin as shown when Trade is clicked, not the one of the first render', () => {
    const onTrade = vi.fn();
    view.render(table([coin('BTC', 100)], onTrade));
    view.render(table([coin('BTC', 250)], onTrade));
    act(() => {
      view.container
        .querySelector<HTMLButtonElement>('button[aria-label="Trade BTC"]')
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(onTrade).toHaveBeenCalledTimes(1);
    expect(onTrade.mock.calls[0]![0]).toMatchObject({ id: 'BTCINR', price: 250 });
  });
});

describe('useStableList', () => {
  const view = renderPerTest();

  it('keeps the previous array while the items are the same, and takes a changed one', () => {
    const a = coin('BTC', 1);
    const b = coin('ETH', 2);
    const seen: Array<readonly Coin[]> = [];
    function Probe({ items }: { items: Coin[] }) {
      // A fresh array every render, as a list derived on every tick is.
      const derived = useMemo(() => [...items], [items]);
      seen.push(useStableList(derived));
      return null;
    }
    view.render(<Probe items={[a, b]} />);
    view.render(<Probe items={[a, b]} />);
    const moved = { ...b, price: 3 };
    view.render(<Probe items={[a, moved]} />);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
    expect(seen[2]).toEqual([a, moved]);
  });
});
