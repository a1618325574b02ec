import { memo } from 'react';
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
        <span className="block font-medium wrap-anywhere text-ink" data-testid="coin-name">
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
