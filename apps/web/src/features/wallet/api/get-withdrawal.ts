import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalDetailResponseSchema, type WithdrawalDetailResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { withdrawalsQueryKey } from './get-withdrawals.ts';

/**
 * Under the withdrawals list's key: a cancellation (useCancelWithdrawal) and a live balance
 * change refresh the list's key, and with it this withdrawal.
 */
export const withdrawalQueryKey = (id: string) => [...withdrawalsQueryKey, 'detail', id] as const;

/** GET /api/withdrawals/:id: one of the user's own withdrawals (404 for any other id). */
export function getWithdrawal(id: string, signal?: AbortSignal): Promise<WithdrawalDetailResponse> {
  return api.get(`/api/withdrawals/${encodeURIComponent(id)}`, {
    signal,
    schema: withdrawalDetailResponseSchema,
  });
}

export const withdrawalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: withdrawalQueryKey(id),
    queryFn: ({ signal }) => getWithdrawal(id, signal),
    // Its status changes when the admin pays or rejects it; a visit should show the latest.
    staleTime: 0,
  });

export function useWithdrawal(id: string, { enabled = true } = {}) {
  return useQuery({ ...withdrawalQueryOptions(id), enabled });
}
