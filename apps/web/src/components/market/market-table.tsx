import { memo, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown, Star, Trash2 } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { formatCompact, formatPrice } from '../../lib/format.ts';
import { SkeletonBlock } from '../layout/skeleton-block.tsx';
import { Button } from '../ui/button.tsx';
import { ChangeText } from './change-text.tsx';
import { CoinIcon } from './coin-icon.tsx';
import { displayName, displaySymbol } from './coin-display.ts';
import type { SortKey, SortState } from './market-sort.ts';

export type RowAction = 'star' | 'remove';

export interface MarketTableProps {
  /** The rows to show, already searched, sorted and cut to size. */
  coins: readonly Coin[];
  /** Accessible name of the table. */
  label: string;
  sort?: SortState;
  /** Without it the headers are plain text. */
  onSort?: (key: SortKey) => void;
  /** 'star' toggles the watchlist (markets); 'remove' takes the coin off it (watchlist page). */
  rowAction: RowAction;
  /** Ids on the watchlist (stars filled). */
  watchlistIds: readonly string[];
  /** Called with a coin id; must keep its identity, or every row re-renders on every tick. */
  onRowAction: (id: string) => void;
  /** Must keep its identity too (see useTradeCoin). */
  onTrade: (coin: Coin) => void;
  showMarketCap?: boolean;
  loading?: boolean;
  /** Shown in place of rows when there are none (and not loading). */
  empty?: ReactNode;
}

interface Column {
  key: SortKey;
  label: string;
  /** Responsive visibility (PRODUCT.md §2: volume hidden on narrower widths, market cap on smaller screens). */
  className?: string;
  align: 'left' | 'right';
}

/** Phones: the change rides under the price, so name, price and actions fit in 390 px. */
const CHANGE_CELL = 'hidden sm:table-cell';
const VOLUME_CELL = 'hidden sm:table-cell';
const MARKET_CAP_CELL = 'hidden lg:table-cell';

const COLUMNS: readonly Column[] = [
  { key: 'name', label: 'Name', align: 'left' },
  { key: 'price', label: 'Price', align: 'right' },
  { key: 'change', label: '24h Change', align: 'right', className: CHANGE_CELL },
  { key: 'volume', label: '24h Volume', align: 'right', className: VOLUME_CELL },
  { key: 'marketCap', label: 'Market Cap', align: 'right', className: MARKET_CAP_CELL },
];

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort?: SortState;
  onSort?: (key: SortKey) => void;
}) {
  const active = sort?.key === column.key;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={clsx(
        'px-2 py-3 font-medium whitespace-nowrap first:pl-3 sm:px-3 sm:first:pl-4 md:first:pl-5',
        column.align === 'right' ? 'text-right' : 'text-left',
        column.className,
      )}
    >
      {onSort ? (
        <button
          type="button"
          onClick={() => onSort(column.key)}
          className={clsx(
            'inline-flex items-center gap-1 rounded uppercase hover:text-ink',
            active ? 'text-ink' : 'text-subtle',
            column.align === 'right' && 'flex-row-reverse',
          )}
        >
          {column.label}
          <Icon className={clsx('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
        </button>
      ) : (
        <span className="uppercase">{column.label}</span>
      )}
    </th>
  );
}

interface RowProps {
  coin: Coin;
  onList: boolean;
  rowAction: RowAction;
  onRowAction: (id: string) => void;
  onTrade: (coin: Coin) => void;
  showMarketCap: boolean;
}

/**
 * One coin. Memoised on its props: the store keeps a coin's object while its values stay the
 * same, so on each tick only the rows whose coin changed render again.
 */
export const MarketRow = memo(function MarketRow({
  coin,
  onList,
  rowAction,
  onRowAction,
  onTrade,
  showMarketCap,
}: RowProps) {
  const symbol = displaySymbol(coin);
  const name = displayName(coin);
  return (
    <tr
      data-coin-id={coin.id}
      className="border-t border-line transition-colors hover:bg-raised/40"
    >
      {/* Phones: the name column takes what is left and truncates (w-full + max-w-0), so the
          table never grows wider than the screen and the actions stay in view. */}
      <th
        scope="row"
        className="py-3 pr-2 pl-3 text-left font-normal max-sm:w-full max-sm:max-w-0 sm:pr-3 sm:pl-4 md:pl-5"
      >
        <span className="flex min-w-0 items-center gap-2 sm:gap-3">
          <CoinIcon coin={coin} />
          {/* Phones lead with the short symbol and let the full name truncate beneath it. */}
          <span className="flex min-w-0 flex-col max-sm:flex-col-reverse">
            <span
              className="block truncate font-medium text-ink max-sm:text-xs max-sm:font-normal max-sm:text-subtle"
              data-testid="coin-name"
            >
              {name}
            </span>
            <span
              className="block truncate text-xs text-subtle max-sm:text-sm max-sm:font-medium max-sm:text-ink"
              data-testid="coin-symbol"
            >
              {symbol}
            </span>
          </span>
        </span>
      </th>
      <td className="px-2 py-3 text-right font-medium whitespace-nowrap tabular-nums text-ink sm:px-3">
        <span className="block" data-testid="coin-price">
          {formatPrice(coin.price)}
        </span>
        <span className="block text-xs sm:hidden">
          <ChangeText value={coin.price_change_percentage_24h} />
        </span>
      </td>
      <td className={clsx('px-3 py-3 text-right', CHANGE_CELL)} data-testid="coin-change">
        <ChangeText value={coin.price_change_percentage_24h} />
      </td>
      <td
        className={clsx('px-3 py-3 text-right tabular-nums text-muted', VOLUME_CELL)}
        data-testid="coin-volume"
      >
        ₹{formatCompact(coin.volume)}
      </td>
      {showMarketCap ? (
        <td className={clsx('px-3 py-3 text-right tabular-nums text-muted', MARKET_CAP_CELL)}>
          {/* The ticker has no market cap (always 0): a dash, not a misleading ₹0. */}
          {coin.market_cap > 0 ? (
            `₹${formatCompact(coin.market_cap)}`
          ) : (
            <span title="Not provided by the exchange ticker">
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not available</span>
            </span>
          )}
        </td>
      ) : null}
      <td className="py-3 pr-3 pl-1 sm:pr-4 sm:pl-2 md:pr-5">
        <span className="flex items-center justify-end gap-1 sm:gap-1.5">
          {rowAction === 'star' ? (
            <button
              type="button"
              aria-pressed={onList}
              aria-label={onList ? `Remove ${symbol} from watchlist` : `Add ${symbol} to watchlist`}
              title={onList ? 'Remove from watchlist' : 'Add to watchlist'}
              onClick={() => onRowAction(coin.id)}
              className="grid size-8 place-items-center rounded-lg text-subtle hover:bg-raised hover:text-accent sm:size-9"
            >
              <Star
                className={clsx('size-4', onList && 'fill-accent text-accent')}
                aria-hidden="true"
              />
            </button>
          ) : (
            <button
              type="button"
              aria-label={`Remove ${symbol} from watchlist`}
              title="Remove from watchlist"
              onClick={() => onRowAction(coin.id)}
              className="grid size-8 place-items-center rounded-lg text-subtle hover:bg-down/10 hover:text-down sm:size-9"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
          <Button
            size="sm"
            variant="outline"
            aria-label={`Trade ${symbol}`}
            onClick={() => onTrade(coin)}
            className="h-8 px-2.5 sm:px-3"
          >
            Trade
          </Button>
        </span>
      </td>
    </tr>
  );
});

function SkeletonRows({ columns }: { columns: readonly Column[] }) {
  return Array.from({ length: 5 }, (_, i) => (
    <tr key={i} className="border-t border-line" aria-hidden="true">
      <td className="py-3 pr-3 pl-4 md:pl-5">
        <span className="flex items-center gap-3">
          <SkeletonBlock className="size-8 rounded-full" />
          <span className="space-y-1.5">
            <SkeletonBlock className="h-3.5 w-20" />
            <SkeletonBlock className="h-3 w-10" />
          </span>
        </span>
      </td>
      {columns.slice(1).map((column) => (
        <td key={column.key} className={clsx('px-3 py-3', column.className)}>
          <SkeletonBlock className="ml-auto h-3.5 w-16" />
        </td>
      ))}
      <td className="py-3 pr-4 pl-2 md:pr-5">
        <SkeletonBlock className="ml-auto h-8 w-24" />
      </td>
    </tr>
  ));
}

/** The market table: sortable headers with aria-sort, one memoised row per coin. */
export function MarketTable({
  coins,
  label,
  sort,
  onSort,
  rowAction,
  watchlistIds,
  onRowAction,
  onTrade,
  showMarketCap = true,
  loading = false,
  empty,
}: MarketTableProps) {
  const columns = showMarketCap ? COLUMNS : COLUMNS.filter((c) => c.key !== 'marketCap');
  const listed = new Set(watchlistIds);
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} aria-busy={loading || undefined} className="w-full text-sm">
        <thead className="text-xs tracking-wide text-subtle">
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className="py-3 pr-4 pl-2 text-right font-medium uppercase md:pr-5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loading && coins.length === 0 ? (
            <SkeletonRows columns={columns} />
          ) : coins.length === 0 ? (
            <tr className="border-t border-line">
              <td colSpan={columns.length + 1} className="px-4 py-10 text-center text-muted">
                {empty ?? 'No coins to show'}
              </td>
            </tr>
          ) : (
            coins.map((coin) => (
              <MarketRow
                key={coin.id}
                coin={coin}
                onList={listed.has(coin.id)}
                rowAction={rowAction}
                onRowAction={onRowAction}
                onTrade={onTrade}
                showMarketCap={showMarketCap}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
