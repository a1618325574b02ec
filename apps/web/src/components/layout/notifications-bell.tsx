import { useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import type { Notification } from '@sikka/contracts';
import { deferred } from '@/components/deferred.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';

const NotificationsPanel = deferred(() => import('./notifications-panel.tsx'));

export interface NotificationsBellProps {
  /** The latest notices, newest first; undefined until the first answer. */
  items: readonly Notification[] | undefined;
  unread: number;
  /** The list could not be loaded (the panel says so and offers a retry). */
  failed: boolean;
  /** The panel opened: the caller marks everything read. */
  onOpen(): void;
  onRetry(): void;
}

/** '9+' past nine, so the badge stays a small round dot. */
export const badgeText = (unread: number): string => (unread > 9 ? '9+' : String(unread));

/**
 * The header's bell: the unread count as a badge, and on click a panel of the latest notices
 * (its code loads on first open). Opening it marks them read; the ones that were unread stay
 * marked as new while the panel is open.
 */
export function NotificationsBell({
  items,
  unread,
  failed,
  onOpen,
  onRetry,
}: NotificationsBellProps) {
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const trigger = useRef<HTMLButtonElement>(null);

  function openPanel() {
    setFresh(new Set((items ?? []).filter((n) => !n.read).map((n) => n.id)));
    setOpen(true);
    if (unread > 0) onOpen();
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={openPanel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notifications-bell"
        className="relative grid size-10 shrink-0 place-items-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-ink"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-down px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-canvas"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <NotificationsPanel
          items={items}
          fresh={fresh}
          loadFailed={failed}
          onRetry={onRetry}
          onClose={() => setOpen(false)}
          trigger={trigger}
          failed={openedPartFailed('Notifications', 'top', () => setOpen(false))}
        />
      ) : null}
    </>
  );
}
