import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminChainWithdrawalResponse,
  AdminChainWithdrawalsResponse,
  ChainWithdrawalStatus,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { adminQueryRoot, type AdminListParams } from './admin-lists.ts';

const IN_FLIGHT: ReadonlySet<ChainWithdrawalStatus> = new Set(['approved', 'signed', 'broadcast']);
const IN_FLIGHT_POLL_MS = 3000;

/**
 * GET /api/admin/crypto-withdrawals: search on name, e-mail, address, transaction hash or id.
 * Under adminQueryRoot like every admin list, so a decision (useAdminDecision) reloads it.
 */
export const adminChainWithdrawalsQueryOptions = (params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'crypto-withdrawals', params] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (params.search.trim()) query.set('search', params.search.trim());
      if (params.status) query.set('status', params.status);
      query.set('page', String(params.page));
      return api.get<AdminChainWithdrawalsResponse>(
        `/api/admin/crypto-withdrawals?${query.toString()}`,
        { signal },
      );
    },
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Admin lists are not pushed live; while a row is on its way to the chain, its progress
    // (approved → signed → broadcast → completed) is worth a look every few seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((w) => IN_FLIGHT.has(w.status)) ? IN_FLIGHT_POLL_MS : false,
  });

/**
 * A decision on a pending crypto withdrawal. Each carries an Idempotency-Key, one per dialog:
 * a retried approval answers with the first answer, so the coins cannot be queued twice.
 */
export interface DecideChainWithdrawalInput {
  withdrawalId: string;
  idempotencyKey: string;
}

/** POST /api/admin/crypto-withdrawals/:id/approve: the server then signs and broadcasts it. */
export function approveChainWithdrawal({
  withdrawalId,
  idempotencyKey,
}: DecideChainWithdrawalInput): Promise<AdminChainWithdrawalResponse> {
  return api.post(
    `/api/admin/crypto-withdrawals/${encodeURIComponent(withdrawalId)}/approve`,
    {},
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** POST /api/admin/crypto-withdrawals/:id/reject with the reason the user sees; releases the hold. */
export function rejectChainWithdrawal({
  withdrawalId,
  idempotencyKey,
  reason,
}: DecideChainWithdrawalInput & { reason: string }): Promise<AdminChainWithdrawalResponse> {
  return api.post(
    `/api/admin/crypto-withdrawals/${encodeURIComponent(withdrawalId)}/reject`,
    { reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
