import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotStats } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** The 24 h window moves even without trades: read again this often (and after each trade). */
const STATS_REFRESH_MS = 30_000;

/** GET /api/spot/markets/:symbol/stats: last, 24 h high / low / volume / change. */
export function getSpotStats(market: string, signal?: AbortSignal): Promise<SpotStats> {
  return api.get<SpotStats>(`/api/spot/markets/${encodeURIComponent(market)}/stats`, { signal });
}

export const spotStatsQueryOptions = (market: string) =>
  queryOptions({
    queryKey: ['spot', 'stats', market] as const,
    queryFn: ({ signal }) => getSpotStats(market, signal),
    refetchInterval: STATS_REFRESH_MS,
    staleTime: 5_000,
  });

export function useSpotStats(market: string | null) {
  return useQuery({ ...spotStatsQueryOptions(market ?? ''), enabled: market !== null });
}
