import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/password/forgot: 202 with the same message whether or not an account uses the
 * e-mail (so the form cannot be used to find out who has one); the mail holds a 30-minute link.
 */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return api.post('/api/auth/password/forgot', { email }, { schema: messageResponseSchema });
}
