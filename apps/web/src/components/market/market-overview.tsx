import { useCallback, useId, useMemo, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { TOP_LIST_SIZE } from '@sikka/contracts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { useStableList } from '@/hooks/use-stable-list.ts';
import { SearchField } from '@/components/ui/search-field.tsx';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';
import { useWatchlist } from '@/lib/watchlist/use-watchlist.ts';
import { CoinCardList } from './coin-card-list.tsx';
import { matchesSearch } from './coin-display.ts';
import { MarketTable } from './market-table.tsx';
import {
  DEFAULT_SORT,
  nextSort,
  sortCoins,
  topGainers,
  topLosers,
  type SortKey,
} from './market-sort.ts';
import { SimulatedBadge } from './simulated-badge.tsx';
import { useTradeCoin } from './use-trade-coin.ts';
import { ViewAllCoinsDialog } from './view-all-coins-dialog.tsx';

/** Same width as the `md` breakpoint in styles/index.css: phones get tabs instead of the table. */
const DESKTOP_QUERY = '(min-width: 769px)';

export interface MarketOverviewProps {
  /** Section heading (an h2). */
  heading?: string;
  /**
   * 'top' (default; home and dashboard): the first five by the chosen sort (volume at first),
   * phone tabs All Coins / Top Gainers / Top Losers, and 'View All Coins'. 'full' (markets
   * page): every coin in the sortable table.
   */
  variant?: 'top' | 'full';
  /** Off where the page already shows the simulated-prices badge next to its title. */
  showSourceBadge?: boolean;
  className?: string;
}

/** The market-data error (PRODUCT.md §2: in a red box), with a manual refresh. */
function MarketError({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-4 mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-down/40 bg-down/10 px-4 py-3 text-sm text-down md:mx-5"
    >
      <span data-testid="market-error">{error}</span>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-1.5 rounded-md font-semibold text-ink hover:text-accent"
      >
        <RotateCw className="size-3.5" aria-hidden="true" />
        Refresh
      </button>
    </div>
  );
}

/**
 * The market overview of PRODUCT.md §2: search on name or symbol (case-insensitive), a table
 * sortable on every column (volume descending at first, a second click toggles), a watchlist
 * star and a Trade button per row. Live: rows update every second, and only the rows whose
 * coin changed render again. Takes no required props, so any page can drop it in.
 */
export function MarketOverview({
  heading = 'Market Overview',
  variant = 'top',
  showSourceBadge = true,
  className,
}: MarketOverviewProps) {
  const { coins, loading, error, refresh } = useCrypto();
  const watchlist = useWatchlist();
  const onTrade = useTradeCoin();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const headingId = useId();

  const found = useMemo(() => coins.filter((c) => matchesSearch(c, query)), [coins, query]);
  const sorted = useMemo(() => sortCoins(found, sort), [found, sort]);
  const top = variant === 'top';
  // The same array while the rows shown are unchanged, so the (memoised) table skips the tick.
  const rows = useStableList(
    useMemo(() => (top ? sorted.slice(0, TOP_LIST_SIZE) : sorted), [sorted, top]),
  );
  const onSort = useCallback((key: SortKey) => setSort((s) => nextSort(s, key)), []);
  const empty = query.trim() ? `No coins match “${query.trim()}”` : 'No market data yet.';
  const showTabs = top && !isDesktop;

  return (
    <section
      aria-labelledby={headingId}
      className={clsx('rounded-2xl border border-line bg-surface', className)}
      data-testid="market-overview"
    >
      <div className="flex flex-wrap items-center gap-3 px-4 pt-5 pb-4 md:px-5">
        <h2 id={headingId} className="text-xl font-semibold text-ink">
          {heading}
        </h2>
        {showSourceBadge ? <SimulatedBadge /> : null}
        <div className="flex w-full items-center gap-2 sm:ml-auto sm:w-auto">
          <SearchField
            label="Search coins"
            value={query}
            onChange={setQuery}
            placeholder="Search by name or symbol"
            className="flex-1 sm:w-64 sm:flex-none"
          />
          {top ? <ViewAllCoinsDialog coins={coins} onTrade={onTrade} /> : null}
        </div>
      </div>

      {error ? <MarketError error={error} onRetry={() => void refresh()} /> : null}

      {showTabs ? (
        <Tabs.Root defaultValue="all" className="pb-2">
          <Tabs.List
            aria-label="Market lists"
            className="mx-4 flex gap-1 rounded-xl bg-canvas/60 p-1"
          >
            {(
              [
                ['all', 'All Coins'],
                ['gainers', 'Top Gainers'],
                ['losers', 'Top Losers'],
              ] as const
            ).map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="flex-1 rounded-lg px-1.5 py-2 text-[13px] font-semibold whitespace-nowrap text-muted transition-colors hover:text-ink data-[state=active]:bg-raised data-[state=active]:text-ink"
              >
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {(
            [
              ['all', 'All Coins', rows],
              ['gainers', 'Top Gainers', topGainers(found)],
              ['losers', 'Top Losers', topLosers(found)],
            ] as const
          ).map(([value, label, list]) => (
            <Tabs.Content key={value} value={value} className="outline-none">
              <CoinCardList
                coins={list}
                label={label}
                loading={loading}
                watchlistIds={watchlist.ids}
                onToggleStar={watchlist.toggle}
                onTrade={onTrade}
                empty={empty}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <MarketTable
          coins={rows}
          label={top ? `${heading}: top ${TOP_LIST_SIZE} coins` : heading}
          sort={sort}
          onSort={onSort}
          rowAction="star"
          watchlistIds={watchlist.ids}
          onRowAction={watchlist.toggle}
          onTrade={onTrade}
          loading={loading}
          empty={empty}
        />
      )}
    </section>
  );
}
