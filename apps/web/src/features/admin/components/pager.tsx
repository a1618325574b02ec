import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}

/** 'Showing X to Y of N entries', with page buttons only when there is more than one page. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col items-center justify-between gap-3 text-sm text-muted sm:flex-row">
      <p aria-live="polite">
        Showing {from} to {to} of {total} entries
      </p>
      {pages > 1 ? (
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
      ) : null}
    </div>
  );
}
