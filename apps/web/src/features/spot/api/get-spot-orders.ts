import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotOrdersResponse, SpotSide } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SPOT_ACCOUNT_KEY } from '@/lib/spot/get-spot-balances.ts';

export interface SpotOrdersFilter {
  page: number;
  status: 'open' | 'closed' | 'all';
  /** 'BTC-INR', or 'all'. */
  market: string;
  side: SpotSide | 'all';
}

/** GET /api/spot/orders: one page (20) of the user's orders, newest first. */
export function getSpotOrders(
  filter: SpotOrdersFilter,
  signal?: AbortSignal,
): Promise<SpotOrdersResponse> {
  const params = new URLSearchParams({ page: String(filter.page), status: filter.status });
  if (filter.market !== 'all') params.set('market', filter.market);
  if (filter.side !== 'all') params.set('side', filter.side);
  return api.get<SpotOrdersResponse>(`/api/spot/orders?${params.toString()}`, { signal });
}

export const spotOrdersQueryOptions = (filter: SpotOrdersFilter) =>
  queryOptions({
    queryKey: [...SPOT_ACCOUNT_KEY, 'orders', filter] as const,
    queryFn: ({ signal }) => getSpotOrders(filter, signal),
    staleTime: 0,
    // Paging and filtering keep the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useSpotOrders(filter: SpotOrdersFilter, enabled = true) {
  return useQuery({ ...spotOrdersQueryOptions(filter), enabled });
}
