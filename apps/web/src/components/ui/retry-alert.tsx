import type { ReactNode } from 'react';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { clsx } from 'clsx';
import { messages } from '@sikka/contracts';
import { Button } from './button.tsx';

/** Where a floating alert sits: clear of the header (top) or of the mobile bottom bar (bottom). */
const floating = {
  top: 'fixed inset-x-4 top-20 z-50 mx-auto max-w-lg bg-surface shadow-xl',
  bottom: 'fixed inset-x-4 bottom-24 z-50 mx-auto max-w-lg bg-surface shadow-xl md:bottom-6',
};

/**
 * Something could not be fetched: what went wrong, and a retry. In place by default; `floating`
 * when it stands in for something that would have opened over the page (a menu, a dialog).
 */
export function RetryAlert({
  message,
  onRetry,
  onClose,
  floating: placement,
  className,
}: {
  message: string;
  onRetry(): void;
  /** Offered where the alert stands in for something the user opened (a menu, a dialog). */
  onClose?(): void;
  floating?: keyof typeof floating;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-wrap items-center gap-3 rounded-2xl border border-down/40 p-4 text-sm',
        placement ? floating[placement] : 'bg-down/8',
        className,
      )}
    >
      <AlertTriangle className="size-5 shrink-0 text-down" aria-hidden="true" />
      <p className="min-w-48 flex-1 text-ink">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Retry
      </Button>
      {onClose ? (
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The `failed` view of a deferred part the user opened (a menu, a dialog): names what could not
 * be loaded, floating where the part would have shown, with Retry and Close.
 */
export function openedPartFailed(
  what: string,
  placement: keyof typeof floating,
  onClose: () => void,
): (retry: () => void) => ReactNode {
  return function OpenedPartFailed(retry) {
    return (
      <RetryAlert
        floating={placement}
        message={messages.router.partFailed(what)}
        onRetry={retry}
        onClose={onClose}
      />
    );
  };
}
