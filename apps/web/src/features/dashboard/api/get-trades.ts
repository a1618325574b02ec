import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TradeStatus, TradesResponse, TradeType } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export interface TradesFilter {
  page: number;
  type: TradeType | 'all';
  status: TradeStatus | 'all';
  /** Case-insensitive part of a trade id; '' for none. */
  search: string;
}

/** GET /api/trades: one page (10) of the user's own trades, newest first, with the exact total. */
export function getTrades(filter: TradesFilter, signal?: AbortSignal): Promise<TradesResponse> {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.type !== 'all') params.set('type', filter.type);
  if (filter.status !== 'all') params.set('status', filter.status);
  if (filter.search.trim()) params.set('search', filter.search.trim());
  return api.get(`/api/trades?${params.toString()}`, { signal });
}

export const tradesQueryOptions = (filter: TradesFilter) =>
  queryOptions({
    queryKey: ['trades', filter] as const,
    queryFn: ({ signal }) => getTrades(filter, signal),
    // A trade made a moment ago on the quick-buy page must be in the list.
    staleTime: 0,
    // Paging and filtering keep the last page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useTrades(filter: TradesFilter) {
  return useQuery(tradesQueryOptions(filter));
}
