import { clsx } from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { formatInr, formatPrice, changeDirection } from '@/lib/format.ts';
import { OrderBookHeader, type BookFilter } from '@/components/market/order-book-header.tsx';
import type { OrderBook as Book, OrderBookEntry } from '@/features/trade/lib/order-book.ts';

/** An amount with the places it was generated with, so the column's decimals line up. */
function formatAmount(amount: string): string {
  const places = amount.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(Number(amount));
}

function Row({
  entry,
  symbol,
  depth,
  onPick,
}: {
  entry: OrderBookEntry;
  symbol: string;
  /** Share of the largest total on the book, 0–1, drawn as a bar behind the row. */
  depth: number;
  onPick: (entry: OrderBookEntry) => void;
}) {
  const sell = entry.type === 'sell';
  const price = formatInr(entry.price);
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className={clsx('absolute inset-y-0 right-0', sell ? 'bg-down/10' : 'bg-up/10')}
        style={{ width: `${Math.round(depth * 100)}%` }}
      />
      <button
        type="button"
        onClick={() => onPick(entry)}
        aria-label={`${sell ? 'Sell' : 'Buy'} ${entry.amount} ${symbol} at ${price}`}
        title="Fill the order form with this price and amount"
        className="relative grid w-full grid-cols-3 gap-2 px-4 py-1 text-right text-xs tabular-nums hover:bg-raised/70"
        data-testid="order-book-row"
        data-type={entry.type}
        data-price={entry.price}
        data-amount={entry.amount}
      >
        <span className={clsx('text-left font-medium', sell ? 'text-down' : 'text-up')}>
          {formatPrice(Number(entry.price)).replace('₹', '')}
        </span>
        <span className="text-ink">{formatAmount(entry.amount)}</span>
        <span className="text-muted">{formatInr(entry.total).replace('₹', '')}</span>
      </button>
    </li>
  );
}

export interface OrderBookProps {
  coin: Coin;
  symbol: string;
  book: Book;
  filter: BookFilter;
  onFilter: (filter: BookFilter) => void;
  onPick: (entry: OrderBookEntry) => void;
}

/**
 * The generated order book (PRODUCT.md §9): 7 sells above the last price, 7 buys below, an
 * All / Buys / Sells filter; picking a row fills the order form.
 */
export function OrderBook({ coin, symbol, book, filter, onFilter, onPick }: OrderBookProps) {
  const largest = Math.max(1, ...[...book.sells, ...book.buys].map((e) => Number(e.total)));
  const direction = changeDirection(coin.price_change_percentage_24h);
  const rows = (entries: OrderBookEntry[], label: string) => (
    <ul aria-label={label}>
      {entries.map((e) => (
        <Row
          key={e.id}
          entry={e}
          symbol={symbol}
          depth={Number(e.total) / largest}
          onPick={onPick}
        />
      ))}
    </ul>
  );
  return (
    <section aria-labelledby="book-heading" className="flex h-full flex-col">
      <OrderBookHeader filter={filter} onFilter={onFilter} base={symbol} />
      {filter !== 'buys' ? rows(book.sells, 'Sell orders') : null}
      {filter === 'all' ? (
        <div className="my-1 flex items-center gap-2 border-y border-line bg-canvas/40 px-4 py-2">
          <span
            className={clsx(
              'text-base font-bold tabular-nums',
              direction === 'up' ? 'text-up' : direction === 'down' ? 'text-down' : 'text-ink',
            )}
          >
            {formatPrice(coin.price)}
          </span>
          {direction === 'up' ? <ArrowUp className="size-4 text-up" aria-hidden="true" /> : null}
          {direction === 'down' ? (
            <ArrowDown className="size-4 text-down" aria-hidden="true" />
          ) : null}
          <span className="ml-auto text-[11px] text-subtle">Last price</span>
        </div>
      ) : null}
      {filter !== 'sells' ? rows(book.buys, 'Buy orders') : null}
      <p className="mt-auto px-4 pt-3 pb-3 text-[11px] leading-4 text-subtle">
        Indicative depth for illustration; orders open with spot trading.
      </p>
    </section>
  );
}
