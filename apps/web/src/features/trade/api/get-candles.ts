import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CandleInterval, CandlesResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Enough history to fill a wide chart (the spec's demo had 100 hourly candles). */
export const CHART_CANDLES = 200;

/**
 * How often the server's candles are read again. Between reads the chart moves with the live
 * price every second (mergeTick); the reads bring the server's volume and any missed ticks.
 */
const REFRESH_MS: Record<CandleInterval, number> = { '1m': 30_000, '1h': 60_000 };

export function getCandles(
  market: string,
  interval: CandleInterval,
  signal?: AbortSignal,
): Promise<CandlesResponse> {
  const query = new URLSearchParams({ market, interval, limit: String(CHART_CANDLES) });
  return api.get<CandlesResponse>(`/api/market/candles?${query}`, { signal });
}

export const candlesQueryOptions = (market: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: ['market', 'candles', market, interval],
    queryFn: ({ signal }) => getCandles(market, interval, signal),
    refetchInterval: REFRESH_MS[interval],
    staleTime: 5_000,
  });

/** The selected pair's candles; while another pair or interval loads, the last ones stay. */
export function useCandles(market: string | null, interval: CandleInterval) {
  return useQuery({
    ...candlesQueryOptions(market ?? '', interval),
    enabled: market !== null,
    placeholderData: keepPreviousData,
  });
}
