import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotOrderResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SPOT_ACCOUNT_KEY } from '@/lib/spot/get-spot-balances.ts';

/** GET /api/spot/orders/:id: one of the user's orders with its fills. */
export function getSpotOrder(id: string, signal?: AbortSignal): Promise<SpotOrderResponse> {
  return api.get<SpotOrderResponse>(`/api/spot/orders/${encodeURIComponent(id)}`, { signal });
}

export const spotOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...SPOT_ACCOUNT_KEY, 'order', id] as const,
    queryFn: ({ signal }) => getSpotOrder(id, signal),
    staleTime: 0,
  });

export function useSpotOrder(id: string | null) {
  return useQuery({ ...spotOrderQueryOptions(id ?? ''), enabled: id !== null });
}
