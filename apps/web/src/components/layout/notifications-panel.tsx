import type { RefObject } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { BellOff, X } from 'lucide-react';
import type { Notification } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';

const LOAD_FAILED = 'Your notifications could not be loaded.';

function Notice({
  notice,
  fresh,
  onClose,
}: {
  notice: Notification;
  fresh: boolean;
  onClose(): void;
}) {
  const body = (
    <>
      <p className="flex items-start gap-2 text-sm font-semibold text-ink">
        {fresh ? (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" aria-hidden="true" />
        ) : null}
        <span className="min-w-0">
          {fresh ? <span className="sr-only">New: </span> : null}
          {notice.title}
        </span>
      </p>
      <p className="mt-0.5 text-sm text-muted">{notice.body}</p>
      <p className="mt-1 text-xs text-subtle">
        <DateTime iso={notice.createdAt} />
      </p>
    </>
  );
  const box = clsx('block rounded-lg px-3 py-2.5', fresh && 'bg-accent/[0.06]');
  // Only our own paths become links: a notice never sends the user off the site.
  return notice.link?.startsWith('/') ? (
    <Link to={notice.link} onClick={onClose} className={clsx(box, 'hover:bg-raised')}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

/**
 * The open list of notices under the bell (a non-blocking panel on desktop, a sheet across
 * the top on phones). Radix gives Escape, click-outside, the focus trap and focus return.
 */
export default function NotificationsPanel({
  items,
  fresh,
  loadFailed,
  onRetry,
  onClose,
  trigger,
}: {
  items: readonly Notification[] | undefined;
  fresh: ReadonlySet<string>;
  loadFailed: boolean;
  onRetry(): void;
  onClose(): void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30 md:bg-transparent" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className={clsx(
            'fixed inset-x-2 top-[4.25rem] z-50 flex max-h-[min(32rem,calc(100dvh-5.5rem))] flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl outline-none',
            'md:inset-x-auto md:right-[max(1.5rem,calc((100vw-80rem)/2+1.5rem))] md:w-96',
          )}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-ink">Notifications</Dialog.Title>
            <Dialog.Close
              className="-mr-1 grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink"
              aria-label="Close notifications"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {items === undefined ? (
              loadFailed ? (
                <RetryAlert message={LOAD_FAILED} onRetry={onRetry} className="m-1" />
              ) : (
                <div className="space-y-2 p-1" role="status" aria-label="Loading notifications">
                  {[0, 1].map((i) => (
                    <div key={i} className="h-16 animate-shimmer rounded-lg bg-raised" />
                  ))}
                </div>
              )
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
                <BellOff className="size-7 text-subtle" aria-hidden="true" />
                <p className="text-sm text-muted">No notifications yet.</p>
              </div>
            ) : (
              <ul aria-label="Latest notifications" className="space-y-1">
                {items.map((n) => (
                  <li key={n.id}>
                    <Notice notice={n} fresh={fresh.has(n.id)} onClose={onClose} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
