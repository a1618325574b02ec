import { memo, useDeferredValue, useMemo, useState } from 'react';
import { clsx } from 'clsx';
import type { Coin } from '@sikka/contracts';
import { SearchField } from '@/components/ui/search-field.tsx';
import { CoinIcon } from '@/components/market/coin-icon.tsx';
import { ChangeText } from '@/components/market/change-text.tsx';
import { displayName, displaySymbol, matchesSearch } from '@/components/market/coin-display.ts';
import { formatPrice } from '@/lib/format.ts';
import { findSpotMarket, useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import { pairName } from '@/features/trade/lib/select-coin.ts';

const CoinRow = memo(function CoinRow({
  coin,
  selected,
  onSelect,
  soon,
}: {
  coin: Coin;
  selected: boolean;
  onSelect: (id: string) => void;
  /** The spot exchange runs, but has no market for this coin: its price only, for now. */
  soon: boolean;
}) {
  const symbol = displaySymbol(coin);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(coin.id)}
        aria-current={selected ? 'true' : undefined}
        className={clsx(
          'flex w-full items-center gap-2.5 px-3 py-2 text-left transition-colors',
          selected ? 'bg-raised' : 'hover:bg-raised/60',
        )}
        data-testid="trade-coin"
        data-coin-id={coin.id}
      >
        <CoinIcon coin={coin} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate text-sm font-semibold text-ink">{pairName(symbol)}</span>
            {soon ? (
              <span
                className="shrink-0 rounded bg-raised px-1 py-px text-[10px] font-medium tracking-wide text-subtle uppercase"
                title="Prices only: trading in this pair opens soon"
                data-testid="coin-soon"
              >
                Soon
              </span>
            ) : null}
          </span>
          <span className="block text-xs wrap-anywhere text-subtle" data-testid="coin-name">
            {displayName(coin)}
          </span>
        </span>
        <span className="text-right">
          <span className="block text-sm text-ink tabular-nums">{formatPrice(coin.price)}</span>
          <ChangeText value={coin.price_change_percentage_24h} className="block text-xs" />
        </span>
      </button>
    </li>
  );
});

export interface CoinListProps {
  coins: readonly Coin[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
}

/** Every INR pair with a search by name or symbol (PRODUCT.md §2 "Coin list with search"). */
export function CoinList({ coins, selectedId, onSelect, loading }: CoinListProps) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => coins.filter((c) => matchesSearch(c, deferred)), [coins, deferred]);
  // With the spot exchange on, a pair it does not run is marked, so its page's "Coming Soon!"
  // is expected; with it off every pair is the specification's alike, unmarked.
  const spot = useSpotMarkets().data;
  const soon = (coin: Coin) =>
    spot?.enabled === true && findSpotMarket(spot, displaySymbol(coin)) === null;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <SearchField
        label="Search coins"
        value={query}
        onChange={setQuery}
        placeholder="Search coins"
        size="sm"
        className="p-3"
      />
      <div className="flex justify-between px-3 pb-1.5 text-[11px] font-medium tracking-wide text-subtle uppercase">
        <span>Pair</span>
        <span>Price / 24h</span>
      </div>
      <ul aria-label="Markets" className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-2">
        {shown.map((coin) => (
          <CoinRow
            key={coin.id}
            coin={coin}
            selected={coin.id === selectedId}
            onSelect={onSelect}
            soon={soon(coin)}
          />
        ))}
        {shown.length === 0 ? (
          <li className="px-3 py-6 text-center text-sm text-muted">
            {loading ? 'Loading markets…' : `No coin matches “${query}”.`}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
