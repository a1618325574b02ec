import { queryOptions } from '@tanstack/react-query';
import { kycHistoryResponseSchema, type KycHistoryResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { adminQueryRoot } from './admin-lists.ts';

/**
 * GET /api/admin/users/:id/kyc/history: the user's earlier KYC submissions, newest first, each
 * with its decision and documents (kept records, ADR 041). Read while the review dialog is open.
 */
export const adminKycHistoryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'users', userId, 'kyc-history'] as const,
    queryFn: ({ signal }): Promise<KycHistoryResponse> =>
      api.get(`/api/admin/users/${encodeURIComponent(userId)}/kyc/history`, {
        signal,
        schema: kycHistoryResponseSchema,
      }),
  });
