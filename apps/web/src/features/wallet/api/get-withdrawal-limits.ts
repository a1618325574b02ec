import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalLimitsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const withdrawalLimitsQueryKey = ['wallet', 'withdrawal-limits'] as const;

/** GET /api/withdrawals/limits: the server's bounds and what is left of today's. */
export function getWithdrawalLimits(signal?: AbortSignal): Promise<WithdrawalLimitsResponse> {
  return api.get('/api/withdrawals/limits', { signal });
}

export const withdrawalLimitsQueryOptions = () =>
  queryOptions({
    queryKey: withdrawalLimitsQueryKey,
    queryFn: ({ signal }) => getWithdrawalLimits(signal),
    staleTime: 0,
  });

export function useWithdrawalLimits() {
  return useQuery(withdrawalLimitsQueryOptions());
}
