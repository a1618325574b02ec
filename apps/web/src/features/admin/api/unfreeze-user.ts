import type { UnfreezeResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/admin/users/:id/unfreeze (ADR 035): the owner may sign in again, and is mailed.
 * 409 when the account is not frozen (unfrozen meanwhile); 404 for an unknown id.
 */
export function unfreezeUser(userId: string): Promise<UnfreezeResponse> {
  return api.post(`/api/admin/users/${encodeURIComponent(userId)}/unfreeze`);
}
