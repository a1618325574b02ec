import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_DEPOSITS, type DepositsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const depositsQueryKey = ['wallet', 'deposits'] as const;

/** GET /api/deposits: the user's own 10 most recent deposit requests, newest first. */
export function getDeposits(signal?: AbortSignal): Promise<DepositsResponse> {
  return api.get(`/api/deposits?limit=${RECENT_DEPOSITS}`, { signal });
}

export const depositsQueryOptions = () =>
  queryOptions({
    queryKey: depositsQueryKey,
    queryFn: ({ signal }) => getDeposits(signal),
    // Statuses change when the admin decides; a visit should show the latest.
    staleTime: 0,
  });

export function useDeposits() {
  return useQuery(depositsQueryOptions());
}
