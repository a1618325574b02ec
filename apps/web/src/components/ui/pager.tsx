import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';
import { entriesText, pageButtons, pageCount } from '@/lib/paging.ts';

export interface PagerProps {
  /** The page the list on screen belongs to (1-based): the entries line counts from it. */
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /**
   * 'steps' (admin lists): Previous, 'Page 2 of 5', Next. 'numbers' (the user's histories):
   * Previous, numbered pages with gaps, Next.
   */
  variant?: 'steps' | 'numbers';
  /** The page the buttons mark as current, when it runs ahead of `page` (a fetch under way). */
  selected?: number;
  className?: string;
}

/**
 * 'Showing X to Y of N entries' under a paged list, with page buttons only when there is more
 * than one page; nothing at all for an empty list.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  variant = 'steps',
  selected = page,
  className,
}: PagerProps) {
  if (total === 0) return null;
  const pages = pageCount(pageSize, total);
  return (
    <div
      className={clsx(
        'flex flex-col gap-3 text-sm text-muted sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p aria-live="polite">{entriesText(page, pageSize, total)}</p>
      {pages > 1 ? (
        variant === 'steps' ? (
          <PageSteps page={selected} pages={pages} onPage={onPage} />
        ) : (
          <PageNumbers page={selected} pages={pages} onPage={onPage} />
        )
      ) : null}
    </div>
  );
}

interface NavProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

function PageSteps({ page, pages, onPage }: NavProps) {
  return (
    <nav aria-label="Pages" className="flex items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </Button>
      <span className="tabular-nums text-ink">
        Page {page} of {pages}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label="Next page"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}

const numberButton =
  'grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';
const idle = 'text-muted hover:bg-raised hover:text-ink';

function PageNumbers({ page, pages, onPage }: NavProps) {
  return (
    <nav aria-label="Pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={clsx(numberButton, idle)}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
        </li>
        {pageButtons(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-subtle">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={clsx(numberButton, p === page ? 'bg-accent text-accent-ink' : idle)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={clsx(numberButton, idle)}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            aria-label="Next page"
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
