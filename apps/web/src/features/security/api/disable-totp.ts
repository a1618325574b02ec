import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/** POST /api/auth/two-factor/totp/disable (step-up): TOTP and the backup codes are gone. */
export function disableTotp(): Promise<MessageResponse> {
  return api.post('/api/auth/two-factor/totp/disable', {}, { schema: messageResponseSchema });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
