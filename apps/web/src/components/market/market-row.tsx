import { memo } from 'react';
import { clsx } from 'clsx';
import { Star, Trash2 } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { formatCompact, formatPrice } from '@/lib/format.ts';
import { Button } from '@/components/ui/button.tsx';
import { ChangeText } from './change-text.tsx';
import { CoinIcon } from './coin-icon.tsx';
import { displayName, displaySymbol } from './coin-display.ts';

export type RowAction = 'star' | 'remove';

/** Phones: the change rides under the price, so name, price and actions fit in 390 px. */
export const CHANGE_CELL = 'hidden sm:block';
export const VOLUME_CELL = 'hidden sm:block';
export const MARKET_CAP_CELL = 'hidden lg:block';

/*
 * A tick changes a coin's price, change and volume, nothing else. The row renders again for
 * a changed coin, but each cell is memoised on the values it shows, so React compares and the
 * browser rewrites only the cells whose text moved; the icon, the name and the buttons stay.
 */

const PriceCell = memo(function PriceCell({ price, change }: { price: number; change: number }) {
  return (
    <td className="py-3 pr-2 pl-1 text-right font-medium whitespace-nowrap tabular-nums text-ink sm:px-3">
      <span className="block" data-testid="coin-price">
        {formatPrice(price)}
      </span>
      <span className="block text-xs sm:hidden">
        <ChangeText value={change} />
      </span>
    </td>
  );
});

const ChangeCell = memo(function ChangeCell({ change }: { change: number }) {
  return (
    <td className={clsx('px-3 py-3 text-right', CHANGE_CELL)} data-testid="coin-change">
      <ChangeText value={change} />
    </td>
  );
});

const VolumeCell = memo(function VolumeCell({ volume }: { volume: number }) {
  return (
    <td
      className={clsx('px-3 py-3 text-right tabular-nums text-muted', VOLUME_CELL)}
      data-testid="coin-volume"
    >
      ₹{formatCompact(volume)}
    </td>
  );
});

const MarketCapCell = memo(function MarketCapCell({ marketCap }: { marketCap: number }) {
  return (
    <td className={clsx('px-3 py-3 text-right tabular-nums text-muted', MARKET_CAP_CELL)}>
      {/* The ticker has no market cap (always 0): a dash, not a misleading ₹0. */}
      {marketCap > 0 ? (
        `₹${formatCompact(marketCap)}`
      ) : (
        <span title="Not provided by the exchange ticker">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not available</span>
        </span>
      )}
    </td>
  );
});

const ActionsCell = memo(function ActionsCell({
  id,
  symbol,
  onList,
  rowAction,
  onRowAction,
  onTrade,
}: {
  id: string;
  symbol: string;
  onList: boolean;
  rowAction: RowAction;
  onRowAction: (id: string) => void;
  onTrade: (id: string) => void;
}) {
  return (
    <td className="py-3 pr-3 pl-1 sm:pr-4 sm:pl-2 md:pr-5">
      <span className="flex items-center justify-end gap-1 sm:gap-1.5">
        {rowAction === 'star' ? (
          <button
            type="button"
            aria-pressed={onList}
            aria-label={onList ? `Remove ${symbol} from watchlist` : `Add ${symbol} to watchlist`}
            title={onList ? 'Remove from watchlist' : 'Add to watchlist'}
            onClick={() => onRowAction(id)}
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
            onClick={() => onRowAction(id)}
            className="grid size-8 place-items-center rounded-lg text-subtle hover:bg-down/10 hover:text-down sm:size-9"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
        <Button
          size="sm"
          variant="outline"
          aria-label={`Trade ${symbol}`}
          onClick={() => onTrade(id)}
          // max-sm: the button's own px-3 would win over a plain px-2 (same layer, later rule).
          className="h-8 max-sm:px-1.5"
        >
          Trade
        </Button>
      </span>
    </td>
  );
});

export interface MarketRowProps {
  coin: Coin;
  onList: boolean;
  rowAction: RowAction;
  onRowAction: (id: string) => void;
  /** Opens /trade with the coin of this id as it is when clicked; must keep its identity. */
  onTrade: (id: string) => void;
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
}: MarketRowProps) {
  const symbol = displaySymbol(coin);
  const name = displayName(coin);
  return (
    // `relative` makes each row its own paint layer: on a tick the browser repaints the rows
    // whose text changed and reuses the others, instead of repainting the whole page (about
    // halves the table's cost per tick with 50 coins; docs/performance.md §5). The row is a
    // grid row over the table's fixed tracks (`market-grid` in styles/index.css).
    <tr
      data-coin-id={coin.id}
      className="relative border-t border-line transition-colors hover:bg-raised/40"
    >
      {/* Phones: the icon sits small beside the symbol, and the full name has the cell's whole
          width on the line beneath, wrapping rather than cut ("Artificial Superintelligence
          Alliance" takes three lines; a word too long for any line breaks, never hides). */}
      <th
        scope="row"
        className="min-w-0 py-3 pr-0 pl-3 text-left font-normal sm:pr-3 sm:pl-4 md:pl-5"
      >
        <span className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-1.5 sm:flex sm:gap-3">
          <CoinIcon coin={coin} smallOnPhones className="col-start-1 row-start-1" />
          {/* Phones lead with the short symbol, the full name beneath it. */}
          <span className="contents sm:flex sm:min-w-0 sm:flex-col">
            <span
              className="col-span-2 row-start-2 block font-medium wrap-anywhere text-ink max-sm:text-xs max-sm:font-normal max-sm:text-subtle lg:truncate"
              data-testid="coin-name"
            >
              {name}
            </span>
            <span
              className="col-start-2 row-start-1 block truncate text-xs text-subtle max-sm:text-sm max-sm:font-medium max-sm:text-ink"
              data-testid="coin-symbol"
            >
              {symbol}
            </span>
          </span>
        </span>
      </th>
      <PriceCell price={coin.price} change={coin.price_change_percentage_24h} />
      <ChangeCell change={coin.price_change_percentage_24h} />
      <VolumeCell volume={coin.volume} />
      {showMarketCap ? <MarketCapCell marketCap={coin.market_cap} /> : null}
      <ActionsCell
        id={coin.id}
        symbol={symbol}
        onList={onList}
        rowAction={rowAction}
        onRowAction={onRowAction}
        onTrade={onTrade}
      />
    </tr>
  );
});
