import {
  confirmEmailChangeResponseSchema,
  type ConfirmEmailChangeResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/email/change/confirm: the mailed link's token; signed in or out. 400 link_invalid. */
export function confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
  return api.post(
    '/api/auth/email/change/confirm',
    { token },
    { schema: confirmEmailChangeResponseSchema },
  );
}
