import { useState } from 'react';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import {
  compareDecimal,
  multiplyDecimal,
  SPOT_BOOK_LEVELS_SHOWN,
  subtractDecimal,
  type SpotLevel,
  type SpotMarket,
  type SpotSide,
} from '@sikka/contracts';
import { OrderBookHeader, type BookFilter } from '@/components/market/order-book-header.tsx';
import { formatInr } from '@/lib/format.ts';
import type { BookState } from '@/features/spot/lib/book-state.ts';
import type { PickedLevel } from '@/features/spot/lib/order-form-state.ts';
import { formatCoins } from '@/features/spot/lib/order-text.ts';

const inrPlain = (value: string) => formatInr(value).replace('₹', '');

function Level({
  level,
  side,
  base,
  places,
  depth,
  onPick,
}: {
  level: SpotLevel;
  side: SpotSide;
  base: string;
  /** The market's quantity places. */
  places: number;
  /** Share of the largest level shown, 0–1, drawn as a bar behind the row. */
  depth: number;
  onPick: (level: PickedLevel) => void;
}) {
  const [price, amount] = level;
  const sell = side === 'sell';
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className={clsx('absolute inset-y-0 right-0', sell ? 'bg-down/10' : 'bg-up/10')}
        style={{ width: `${Math.round(depth * 100)}%` }}
      />
      <button
        type="button"
        onClick={() => onPick({ side, price, amount })}
        aria-label={`${sell ? 'Sell' : 'Buy'} ${formatCoins(amount, base)} at ${formatInr(price)}`}
        title="Fill the order form with this price and amount"
        className="relative grid w-full grid-cols-3 gap-2 px-4 py-1 text-right text-xs tabular-nums hover:bg-raised/70"
        data-testid="spot-book-row"
        data-side={side}
        data-price={price}
        data-amount={amount}
      >
        <span className={clsx('text-left font-medium', sell ? 'text-down' : 'text-up')}>
          {inrPlain(price)}
        </span>
        <span className="truncate text-ink">{formatCoins(amount, undefined, places)}</span>
        <span className="truncate text-muted">{inrPlain(multiplyDecimal(price, amount, 2))}</span>
      </button>
    </li>
  );
}

function depthOf(levels: readonly SpotLevel[]) {
  // Bar widths only: a display ratio, nothing computed from it is sent.
  const largest = Math.max(0, ...levels.map(([, q]) => Number(q)));
  return (quantity: string) => (largest > 0 ? Number(quantity) / largest : 0);
}

export interface SpotOrderBookProps {
  market: SpotMarket;
  book: BookState;
  /** The last trade's price (the book's newest, else the stats'); null before any trade. */
  lastPrice: string | null;
  onPick: (level: PickedLevel) => void;
}

/**
 * The market's real book (contracts SPOT_BOOK_LEVELS_SHOWN levels a side, as the spec's
 * layout): asks above, best nearest the middle, the last price and spread between, bids
 * below; picking a row fills the form. Under it the market's recent trades.
 */
export function SpotOrderBook({ market, book, lastPrice, onPick }: SpotOrderBookProps) {
  const [filter, setFilter] = useState<BookFilter>('all');
  const asks = book.asks.slice(0, SPOT_BOOK_LEVELS_SHOWN);
  const bids = book.bids.slice(0, SPOT_BOOK_LEVELS_SHOWN);
  const depth = depthOf([...asks, ...bids]);
  const bestAsk = asks[0]?.[0];
  const bestBid = bids[0]?.[0];
  const spread =
    bestAsk && bestBid && compareDecimal(bestAsk, bestBid) > 0
      ? subtractDecimal(bestAsk, bestBid, market.priceDecimals)
      : null;
  const trades = [...book.trades].reverse();
  const lastSide = book.trades.at(-1)?.side;

  const rows = (levels: SpotLevel[], side: SpotSide, label: string) => (
    <ul aria-label={label} className="min-h-0">
      {levels.map((level) => (
        <Level
          key={level[0]}
          level={level}
          side={side}
          base={market.base}
          places={market.quantityDecimals}
          depth={depth(level[1])}
          onPick={onPick}
        />
      ))}
      {levels.length === 0 ? (
        <li className="px-4 py-2 text-xs text-subtle">
          No {side === 'sell' ? 'sell' : 'buy'} orders yet.
        </li>
      ) : null}
    </ul>
  );

  return (
    <section aria-labelledby="book-heading" className="flex h-full flex-col">
      <OrderBookHeader filter={filter} onFilter={setFilter} base={market.base} />
      {/* Asks read downwards to the best one, next to the spread. */}
      {filter !== 'buys' ? rows([...asks].reverse(), 'sell', 'Sell orders') : null}
      {filter === 'all' ? (
        <div
          className="my-1 flex items-center gap-2 border-y border-line bg-canvas/40 px-4 py-2"
          data-testid="spot-last-price"
        >
          <span
            className={clsx(
              'text-base font-bold tabular-nums',
              lastSide === 'buy' ? 'text-up' : lastSide === 'sell' ? 'text-down' : 'text-ink',
            )}
          >
            {lastPrice ? formatInr(lastPrice) : '—'}
          </span>
          <span className="ml-auto text-right text-[11px] leading-4 text-subtle">
            {lastPrice ? 'Last price' : 'No trades yet'}
            {spread ? <span className="block tabular-nums">Spread {formatInr(spread)}</span> : null}
          </span>
        </div>
      ) : null}
      {filter !== 'sells' ? rows(bids, 'buy', 'Buy orders') : null}

      <div className="mt-3 border-t border-line">
        <h3 className="px-4 pt-2.5 pb-1 text-sm font-semibold text-ink">Recent trades</h3>
        <div
          aria-hidden="true"
          className="grid grid-cols-3 gap-2 px-4 pb-1 text-right text-[11px] font-medium text-subtle"
        >
          <span className="text-left">Price (INR)</span>
          <span>Amount ({market.base})</span>
          <span>Time</span>
        </div>
        {trades.length === 0 ? (
          <p className="px-4 pb-3 text-xs text-subtle">No trades in this market yet.</p>
        ) : (
          <ul aria-label="Recent trades" className="max-h-56 overflow-y-auto pb-2">
            {trades.map((t) => (
              <li
                key={t.id}
                className="grid grid-cols-3 gap-2 px-4 py-0.5 text-right text-xs tabular-nums"
                data-testid="spot-trade-row"
              >
                <span
                  className={clsx(
                    'text-left font-medium',
                    t.side === 'buy' ? 'text-up' : 'text-down',
                  )}
                >
                  {inrPlain(t.price)}
                </span>
                <span className="truncate text-ink">
                  {formatCoins(t.quantity, undefined, market.quantityDecimals)}
                </span>
                <time dateTime={t.time} className="text-muted">
                  {format(new Date(t.time), 'HH:mm:ss')}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!book.synced && book.seq !== null ? (
        <p role="status" className="px-4 pb-2 text-[11px] text-subtle">
          Catching up with the market…
        </p>
      ) : null}
    </section>
  );
}
