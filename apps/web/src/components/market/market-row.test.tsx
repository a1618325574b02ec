// @vitest-environment happy-dom
import { act, useMemo } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coin } from '@sikka/contracts';
import { useStableList } from '../../hooks/use-stable-list.ts';
import { MarketTable } from './market-table.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const coin = (symbol: string, price: number): Coin => ({
  id: `${symbol}INR`,
  name: symbol,
  symbol,
  price,
  market_cap: 0,
  volume: 1000,
  price_change_percentage_24h: 1,
  image: '',
  high_24h: null,
  low_24h: null,
});

const noop = () => undefined;

describe('market rows on a tick', () => {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

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
    act(() => root.render(table([coin('BTC', 100)], onTrade)));
    const trade = container.querySelector('button[aria-label="Trade BTC"]');
    const icon = container.querySelector('[data-icon-state]');
    act(() => root.render(table([coin('BTC', 250)], onTrade)));
    expect(container.querySelector('[data-testid="coin-price"]')?.textContent).toBe('₹250.00');
    // The row is updated, not replaced: its buttons and icon stay the same nodes.
    expect(container.querySelector('button[aria-label="Trade BTC"]')).toBe(trade);
    expect(container.querySelector('[data-icon-state]')).toBe(icon);
  });

  it('sends the coin as shown when Trade is clicked, not the one of the first render', () => {
    const onTrade = vi.fn();
    act(() => root.render(table([coin('BTC', 100)], onTrade)));
    act(() => root.render(table([coin('BTC', 250)], onTrade)));
    act(() => {
      container
        .querySelector<HTMLButtonElement>('button[aria-label="Trade BTC"]')
        ?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(onTrade).toHaveBeenCalledTimes(1);
    expect(onTrade.mock.calls[0]![0]).toMatchObject({ id: 'BTCINR', price: 250 });
  });
});

describe('useStableList', () => {
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
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Probe items={[a, b]} />));
    act(() => root.render(<Probe items={[a, b]} />));
    const moved = { ...b, price: 3 };
    act(() => root.render(<Probe items={[a, moved]} />));
    act(() => root.unmount());
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
    expect(seen[2]).toEqual([a, moved]);
  });
});
