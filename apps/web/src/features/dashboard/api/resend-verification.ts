import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/email/resend: a new verification link; 409 invalid_state once verified. */
export function resendVerification(): Promise<MessageResponse> {
  return api.post('/api/auth/email/resend', undefined, { schema: messageResponseSchema });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
