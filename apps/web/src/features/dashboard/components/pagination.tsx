import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageButtons } from '../lib/paging.ts';

const base =
  'grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, numbered pages and Next; only rendered when there is more than one page. */
export function Pagination({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange(page: number): void;
}) {
  return (
    <nav aria-label="Pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={clsx(base, 'text-muted hover:bg-raised hover:text-ink')}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
        </li>
        {pageButtons(page, count).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-subtle">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={clsx(
                  base,
                  p === page
                    ? 'bg-accent text-accent-ink'
                    : 'text-muted hover:bg-raised hover:text-ink',
                )}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={clsx(base, 'text-muted hover:bg-raised hover:text-ink')}
            disabled={page >= count}
            onClick={() => onChange(page + 1)}
            aria-label="Next page"
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
