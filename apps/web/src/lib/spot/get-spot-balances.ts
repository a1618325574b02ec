import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotBalancesResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * Every query about the signed-in user's spot account (balances, open orders, history,
 * one order) starts with this key, so one invalidation re-reads them all: after a submit or
 * a cancel, on the socket's `spotOrders` and `balance` events, and after a reconnect.
 */
export const SPOT_ACCOUNT_KEY = ['spot-account'] as const;

/** GET /api/spot/balances: every asset with available / in orders / held and its INR value. */
export function getSpotBalances(signal?: AbortSignal): Promise<SpotBalancesResponse> {
  return api.get<SpotBalancesResponse>('/api/spot/balances', { signal });
}

export const spotBalancesQueryOptions = () =>
  queryOptions({
    queryKey: [...SPOT_ACCOUNT_KEY, 'balances'] as const,
    queryFn: ({ signal }) => getSpotBalances(signal),
    staleTime: 0,
  });

export function useSpotBalances(enabled: boolean) {
  return useQuery({ ...spotBalancesQueryOptions(), enabled });
}
