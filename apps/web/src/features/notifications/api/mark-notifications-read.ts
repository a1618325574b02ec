import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

/** POST /api/notifications/read: every notice marked read; answers the list as GET does. */
export function markNotificationsRead(): Promise<NotificationsResponse> {
  return api.post('/api/notifications/read', {});
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => queryClient.setQueryData(notificationsQueryKey, answer),
  });
}
