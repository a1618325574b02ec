import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonBlock } from '../../../components/layout/skeleton-block.tsx';

/** A list that could not be fetched: the server's message or the spec's fallback, and a retry. */
export function ListError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-down/40 bg-down/8 p-4 text-sm sm:flex-row sm:items-center"
    >
      <AlertTriangle className="size-5 shrink-0 text-down" aria-hidden="true" />
      <p className="flex-1 text-ink">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** Rows that are on their way. */
export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <SkeletonBlock key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}
