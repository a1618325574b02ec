import { memo } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { Coin } from '@sikka/contracts';
import { PriceAndChange } from './price-and-change.tsx';
import { CoinIcon } from './coin-icon.tsx';
import { displayName, displaySymbol } from './coin-display.ts';
import { CoinListSkeleton } from './coin-list-skeleton.tsx';

/** One ranked coin; renders again only when its coin or its place changes. */
const MoverItem = memo(function MoverItem({ coin, rank }: { coin: Coin; rank: number }) {
  return (
    // Its own paint layer (`relative`), like the table rows: a tick repaints only what moved.
    <li data-coin-id={coin.id} className="relative flex items-center gap-3 py-3">
      <span className="w-4 text-xs font-medium text-subtle tabular-nums">{rank}</span>
      <CoinIcon coin={coin} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-ink" data-testid="coin-name">
          {displayName(coin)}
        </span>
        <span className="block text-xs text-subtle" data-testid="coin-symbol">
          {displaySymbol(coin)}
        </span>
      </span>
      <PriceAndChange coin={coin} className="text-right" />
    </li>
  );
});

/**
 * Five coins ranked by 24 h change: name, symbol, price and change (PRODUCT.md §2). Memoised:
 * give it the same array while the five are unchanged (useStableList) and a tick costs nothing.
 */
export const MoversList = memo(function MoversList({
  coins,
  loading,
  label,
}: {
  coins: readonly Coin[];
  loading: boolean;
  label: string;
}) {
  if (loading && coins.length === 0) {
    return <CoinListSkeleton label={label} />;
  }
  if (coins.length === 0) {
    return <p className="py-8 text-center text-sm text-muted">No market data yet.</p>;
  }
  return (
    <ol aria-label={label} className="divide-y divide-line">
      {coins.map((coin, i) => (
        <MoverItem key={coin.id} coin={coin} rank={i + 1} />
      ))}
    </ol>
  );
});

export interface MoversTab {
  value: string;
  label: string;
  coins: readonly Coin[];
}

/** Radix tabs over lists of five, e.g. Top Gainers / Top Losers in the home hero. */
export const MoversTabs = memo(function MoversTabs({
  tabs,
  loading,
  label,
  className,
}: {
  tabs: readonly MoversTab[];
  loading: boolean;
  label: string;
  className?: string;
}) {
  return (
    <Tabs.Root defaultValue={tabs[0]?.value} className={className}>
      <Tabs.List aria-label={label} className="flex gap-1 rounded-xl bg-canvas/60 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={clsx(
              'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-muted transition-colors',
              'hover:text-ink data-[state=active]:bg-raised data-[state=active]:text-ink data-[state=active]:shadow',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-2 outline-none">
          <MoversList coins={tab.coins} loading={loading} label={tab.label} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
});
