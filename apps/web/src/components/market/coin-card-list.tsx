import { memo } from 'react';
import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { PriceAndChange } from './price-and-change.tsx';
import { CoinIcon } from './coin-icon.tsx';
import { displayName, displaySymbol } from './coin-display.ts';
import { CoinListSkeleton } from './coin-list-skeleton.tsx';

interface ItemProps {
  coin: Coin;
  onList: boolean;
  onToggleStar: (id: string) => void;
  onTrade: (coin: Coin) => void;
}

/** One coin on a phone: the table's content in two lines. Memoised like the table rows. */
const CoinCardItem = memo(function CoinCardItem({
  coin,
  onList,
  onToggleStar,
  onTrade,
}: ItemProps) {
  const symbol = displaySymbol(coin);
  return (
    <li data-coin-id={coin.id} className="flex items-center gap-2 py-3">
      <CoinIcon coin={coin} />
      <span className="min-w-0 flex-1">
        {/* Phone-sized text, wrapping at spaces (a word too long for the line breaks), never
            cut: 'Bitcoin' and 'Ethereum' show whole beside the widest prices. */}
        <span className="block text-sm font-medium wrap-anywhere text-ink" data-testid="coin-name">
          {displayName(coin)}
        </span>
        {/* No volume here: narrow screens leave it out (PRODUCT.md §2). */}
        <span className="block text-xs text-subtle" data-testid="coin-symbol">
          {symbol}
        </span>
      </span>
      <PriceAndChange coin={coin} className="shrink-0 text-right" />
      {/* The star and Trade sit close together, as in the table, to leave the name its room. */}
      <span className="flex shrink-0 items-center gap-1">
        <button
          type="button"
          aria-pressed={onList}
          aria-label={onList ? `Remove ${symbol} from watchlist` : `Add ${symbol} to watchlist`}
          onClick={() => onToggleStar(coin.id)}
          className="grid size-8 place-items-center rounded-lg text-subtle hover:bg-raised hover:text-accent"
        >
          <Star
            className={clsx('size-4', onList && 'fill-accent text-accent')}
            aria-hidden="true"
          />
        </button>
        <Button
          size="sm"
          variant="outline"
          className="h-8 px-2.5"
          aria-label={`Trade ${symbol}`}
          onClick={() => onTrade(coin)}
        >
          Trade
        </Button>
      </span>
    </li>
  );
});

/** The phone layout of the market overview's lists of five. */
export function CoinCardList({
  coins,
  label,
  loading,
  watchlistIds,
  onToggleStar,
  onTrade,
  empty,
}: {
  coins: readonly Coin[];
  label: string;
  loading: boolean;
  watchlistIds: readonly string[];
  onToggleStar: (id: string) => void;
  onTrade: (coin: Coin) => void;
  empty: string;
}) {
  if (loading && coins.length === 0) {
    return <CoinListSkeleton label={label} className="px-4" />;
  }
  if (coins.length === 0)
    return <p className="px-4 py-8 text-center text-sm text-muted">{empty}</p>;
  const listed = new Set(watchlistIds);
  return (
    <ul aria-label={label} className="divide-y divide-line px-4">
      {coins.map((coin) => (
        <CoinCardItem
          key={coin.id}
          coin={coin}
          onList={listed.has(coin.id)}
          onToggleStar={onToggleStar}
          onTrade={onTrade}
        />
      ))}
    </ul>
  );
}
