import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import type { SortKey, SortState } from './market-sort.ts';
import {
  CHANGE_CELL,
  MARKET_CAP_CELL,
  MarketRow,
  VOLUME_CELL,
  type RowAction,
} from './market-row.tsx';

export type { RowAction } from './market-row.tsx';

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

/**
 * The market table: sortable headers with aria-sort, one memoised row per coin. Memoised too:
 * with the same rows (useStableList) and stable callbacks, a tick that changed none of the
 * rows shown does not render it.
 */
export const MarketTable = memo(function MarketTable({
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
  // Rows hand back a coin id, so their buttons need not render again when the price moves;
  // the coin sent to /trade is the one on screen when Trade is clicked.
  const shown = useRef(coins);
  useEffect(() => {
    shown.current = coins;
  }, [coins]);
  const tradeById = useCallback(
    (id: string) => {
      const coin = shown.current.find((c) => c.id === id);
      if (coin) onTrade(coin);
    },
    [onTrade],
  );
  return (
    <div className="overflow-x-auto">
      {/* Rows are grid rows over fixed column tracks (`market-grid`, styles/index.css). */}
      <table
        aria-label={label}
        aria-busy={loading || undefined}
        data-no-market-cap={showMarketCap ? undefined : ''}
        className="market-grid block w-full text-sm"
      >
        <thead className="block text-xs tracking-wide text-subtle">
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className="py-3 pr-4 pl-2 text-right font-medium uppercase md:pr-5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block">
          {loading && coins.length === 0 ? (
            <SkeletonRows columns={columns} />
          ) : coins.length === 0 ? (
            <tr className="border-t border-line">
              <td
                colSpan={columns.length + 1}
                className="col-span-full px-4 py-10 text-center text-muted"
              >
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
                onTrade={tradeById}
                showMarketCap={showMarketCap}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
});
