import { NotificationsBell } from '@/components/layout/notifications-bell.tsx';
import { useNotifications } from '@/features/notifications/api/get-notifications.ts';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read.ts';

/**
 * The bell joined to its data: shared components may not import features, so the header
 * places this, and the bell itself stays a plain component.
 */
export function HeaderNotifications() {
  const notifications = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  return (
    <NotificationsBell
      items={notifications.data?.items}
      unread={notifications.data?.unread ?? 0}
      failed={notifications.isError}
      onOpen={() => markRead.mutate()}
      onRetry={() => void notifications.refetch()}
    />
  );
}
