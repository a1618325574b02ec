import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Star } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { matchesSearch } from '@/components/market/coin-display.ts';
import { MarketTable } from '@/components/market/market-table.tsx';
import {
  DEFAULT_SORT,
  nextSort,
  sortCoins,
  type SortKey,
} from '@/components/market/market-sort.ts';
import { SimulatedBadge } from '@/components/market/simulated-badge.tsx';
import { useTradeCoin } from '@/components/market/use-trade-coin.ts';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';
import { useWatchlist } from '@/lib/watchlist/use-watchlist.ts';

function EmptyWatchlist() {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-accent/10 text-accent">
        <Star className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-ink">Your watchlist is empty</h2>
      <p className="mt-1.5 max-w-sm text-sm text-muted">
        Tap the star next to any coin to follow its price here.
      </p>
      <Link to={paths.markets} className={buttonClasses('primary', 'md', 'mt-6')}>
        Browse Markets
      </Link>
    </div>
  );
}

/** /watchlist (PRODUCT.md §2): the saved coins, searchable, with remove and trade. */
export default function WatchlistPage() {
  const { coins, loading, error } = useCrypto();
  const watchlist = useWatchlist();
  const onTrade = useTradeCoin();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const onSort = useCallback((key: SortKey) => setSort((s) => nextSort(s, key)), []);

  const saved = useMemo(() => {
    const ids = new Set(watchlist.ids);
    return coins.filter((c) => ids.has(c.id));
  }, [coins, watchlist.ids]);
  const rows = useMemo(
    () =>
      sortCoins(
        saved.filter((c) => matchesSearch(c, query)),
        sort,
      ),
    [saved, query, sort],
  );
  const isEmpty = watchlist.ids.length === 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6 md:py-14">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Watchlist</h1>
        <SimulatedBadge />
      </div>
      <p className="mt-3 max-w-2xl text-base text-muted">
        The coins you follow, with their live prices and 24h change in one place.
      </p>

      <section aria-label="Saved coins" className="mt-8 rounded-2xl border border-line bg-surface">
        {isEmpty ? (
          <EmptyWatchlist />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3 px-4 pt-5 pb-4 md:px-5">
              <p className="text-sm text-muted">
                {watchlist.ids.length} {watchlist.ids.length === 1 ? 'coin' : 'coins'} saved
              </p>
              <SearchField
                label="Search watchlist"
                value={query}
                onChange={setQuery}
                placeholder="Search by name or symbol"
                className="w-full sm:ml-auto sm:w-64"
              />
            </div>
            {error ? (
              <p
                role="alert"
                className="mx-4 mb-4 rounded-xl border border-down/40 bg-down/10 px-4 py-3 text-sm text-down md:mx-5"
              >
                {error}
              </p>
            ) : null}
            <MarketTable
              coins={rows}
              label="Watchlist"
              sort={sort}
              onSort={onSort}
              rowAction="remove"
              watchlistIds={watchlist.ids}
              onRowAction={watchlist.remove}
              onTrade={onTrade}
              showMarketCap={false}
              loading={loading}
              empty={
                query.trim()
                  ? `No saved coins match “${query.trim()}”`
                  : 'No saved coins are trading right now.'
              }
            />
          </>
        )}
      </section>
    </div>
  );
}
