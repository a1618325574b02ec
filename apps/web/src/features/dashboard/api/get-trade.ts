import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeDetailResponseSchema, type TradeDetailResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Under the trades lists' key, so whatever refreshes the trades refreshes this one too. */
export const tradeQueryKey = (id: string) => ['trades', 'detail', id] as const;

/** GET /api/trades/:id: one of the user's own trades (404 for any other id). */
export function getTrade(id: string, signal?: AbortSignal): Promise<TradeDetailResponse> {
  return api.get(`/api/trades/${encodeURIComponent(id)}`, {
    signal,
    schema: tradeDetailResponseSchema,
  });
}

export const tradeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tradeQueryKey(id),
    queryFn: ({ signal }) => getTrade(id, signal),
    // A trade is final once made: the default freshness is enough.
  });

export function useTrade(id: string, { enabled = true } = {}) {
  return useQuery({ ...tradeQueryOptions(id), enabled });
}
