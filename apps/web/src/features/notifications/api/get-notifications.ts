import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** The realtime 'notification' event invalidates this key (app/market-connection.tsx). */
export const notificationsQueryKey = ['notifications'] as const;

/**
 * GET /api/notifications: the latest 20 notices and the unread count. Trusted without a zod
 * parse: the header loads at start-up, and zod would put ~60 KB into that bundle.
 */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get('/api/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    // New notices arrive by the socket's 'notification' event; a refocused tab re-reads too.
    staleTime: 60_000,
  });

/** Only while signed in: the route answers 401 to a guest. */
export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
