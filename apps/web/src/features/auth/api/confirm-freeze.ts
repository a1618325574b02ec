import { freezeAccountResponseSchema, type FreezeAccountResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/freeze/confirm: the token of a new-sign-in mail's freeze link, signed in or out
 * (ADR 035); the answer clears this browser's session cookie. 400 link_invalid (unknown, used or
 * older than 7 days); 409 invalid_state when the account is already frozen.
 */
export function confirmFreeze(token: string): Promise<FreezeAccountResponse> {
  return api.post('/api/auth/freeze/confirm', { token }, { schema: freezeAccountResponseSchema });
}
