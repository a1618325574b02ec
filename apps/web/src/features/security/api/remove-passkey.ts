import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/** DELETE /api/auth/passkeys/:id (step-up): 204. */
export function removePasskey(id: string): Promise<void> {
  return api.delete<void>(`/api/auth/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
