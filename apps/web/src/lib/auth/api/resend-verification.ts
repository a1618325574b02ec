import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Not a contracts message: only a lost connection or a server fault gets here. */
export const RESEND_FAILED = 'The link could not be sent. Please try again.';

/**
 * POST /api/auth/email/resend: 202 and a new link by mail; 409 invalid_state once verified.
 * Shared by the dashboard's banner and the Security page's E-mail card.
 */
export function resendVerification(): Promise<MessageResponse> {
  return api.post('/api/auth/email/resend', {}, { schema: messageResponseSchema });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
