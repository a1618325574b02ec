import {
  messageResponseSchema,
  type MessageResponse,
  type ResetPasswordRequest,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/password/reset: the mailed link's token and the new password. Signs out every
 * session of the account; 400 link_invalid for a used, expired or unknown token.
 */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post('/api/auth/password/reset', body, { schema: messageResponseSchema });
}
