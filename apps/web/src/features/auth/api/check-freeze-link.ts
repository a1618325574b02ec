import { freezeLinkCheckResponseSchema, type FreezeLinkCheckResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/freeze/check: whether a freeze link can still freeze its account, without
 * using it up (ADR 035). Errors as confirmFreeze's: 400 link_invalid, 409 invalid_state.
 */
export function checkFreezeLink(token: string): Promise<FreezeLinkCheckResponse> {
  return api.post('/api/auth/freeze/check', { token }, { schema: freezeLinkCheckResponseSchema });
}
