import { clsx } from 'clsx';

/** Which sides of an order book are shown. */
export type BookFilter = 'all' | 'buys' | 'sells';

const FILTERS: ReadonlyArray<[BookFilter, string]> = [
  ['all', 'All'],
  ['buys', 'Buys'],
  ['sells', 'Sells'],
];

/**
 * An order book's title with its All / Buys / Sells filter, and the column headings (price,
 * amount in the base coin, total): the same on the specification's /trade and the spot
 * exchange's.
 */
export function OrderBookHeader({
  filter,
  onFilter,
  base,
}: {
  filter: BookFilter;
  onFilter: (filter: BookFilter) => void;
  base: string;
}) {
  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2.5">
        <h2 id="book-heading" className="text-sm font-semibold text-ink">
          Order Book
        </h2>
        <div
          role="group"
          aria-label="Order book filter"
          className="flex rounded-lg bg-canvas p-0.5"
        >
          {FILTERS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => onFilter(value)}
              className={clsx(
                'rounded-md px-2.5 py-1 text-xs font-semibold transition-colors',
                filter === value ? 'bg-raised text-ink' : 'text-muted hover:text-ink',
                filter === value && value === 'buys' && 'text-up',
                filter === value && value === 'sells' && 'text-down',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="grid grid-cols-3 gap-2 px-4 pt-2 pb-1 text-right text-[11px] font-medium whitespace-nowrap text-subtle"
      >
        <span className="text-left">Price (INR)</span>
        <span className="truncate">Amount ({base})</span>
        <span>Total (INR)</span>
      </div>
    </>
  );
}
