import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_WITHDRAWALS, type WithdrawalsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const withdrawalsQueryKey = ['wallet', 'withdrawals'] as const;

/** GET /api/withdrawals: the user's own 10 most recent withdrawal requests, newest first. */
export function getWithdrawals(signal?: AbortSignal): Promise<WithdrawalsResponse> {
  return api.get(`/api/withdrawals?limit=${RECENT_WITHDRAWALS}`, { signal });
}

export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalsQueryKey,
    queryFn: ({ signal }) => getWithdrawals(signal),
    // Statuses change when the admin decides; a visit should show the latest.
    staleTime: 0,
  });

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions());
}
