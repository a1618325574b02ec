import type { KycDecisionRequest, KycDecisionResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/admin/users/:id/kyc: approve, or reject with a non-blank reason. */
export function decideKyc(userId: string, body: KycDecisionRequest): Promise<KycDecisionResponse> {
  return api.post(`/api/admin/users/${encodeURIComponent(userId)}/kyc`, body);
}
