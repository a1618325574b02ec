import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/email/verify: the mailed link's token; signed in or out. 400 link_invalid. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return api.post('/api/auth/email/verify', { token }, { schema: messageResponseSchema });
}
