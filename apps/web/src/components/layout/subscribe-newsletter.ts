import { messageResponseSchema, type MessageResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/newsletter. Loaded when the footer's form is sent, so its check (zod) is not start-up code. */
export function subscribeNewsletter(email: string): Promise<MessageResponse> {
  return api.post('/api/newsletter', { email }, { schema: messageResponseSchema });
}
