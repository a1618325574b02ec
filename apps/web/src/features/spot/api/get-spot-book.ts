import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotBookResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** GET /api/spot/markets/:symbol/book: the top 20 levels a side and the recent trades. */
export function getSpotBook(market: string, signal?: AbortSignal): Promise<SpotBookResponse> {
  return api.get<SpotBookResponse>(`/api/spot/markets/${encodeURIComponent(market)}/book`, {
    signal,
  });
}

/** The book to show until the socket's snapshot arrives (the socket keeps it live after). */
export const spotBookQueryOptions = (market: string) =>
  queryOptions({
    queryKey: ['spot', 'book', market] as const,
    queryFn: ({ signal }) => getSpotBook(market, signal),
    staleTime: 0,
  });

export function useSpotBookSeed(market: string | null) {
  return useQuery({ ...spotBookQueryOptions(market ?? ''), enabled: market !== null });
}
