import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signedOutResponseSchema, type SignedOutResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/** DELETE /api/auth/sessions/:id: that browser is signed out; 404 not_found if already gone. */
export function revokeSession(id: string): Promise<void> {
  return api.delete<void>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

/** POST /api/auth/sessions/sign-out-others: every session but this one ends. */
export function signOutOthers(): Promise<SignedOutResponse> {
  return api.post('/api/auth/sessions/sign-out-others', {}, { schema: signedOutResponseSchema });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // A session already gone (404) is still not in the list: re-read it either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
