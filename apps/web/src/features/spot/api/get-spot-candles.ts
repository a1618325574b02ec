import type { CandleInterval, CandlesResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** As many as the feed's chart reads (features/trade CHART_CANDLES). */
const SPOT_CHART_CANDLES = 200;
/** New trades also re-read the candles (use-spot-book); this catches the quiet minutes. */
const REFRESH_MS: Record<CandleInterval, number> = { '1m': 30_000, '1h': 60_000 };

/** GET /api/spot/markets/:symbol/candles: the market's own trades as candles (empty before the first). */
export function getSpotCandles(
  market: string,
  interval: CandleInterval,
  signal?: AbortSignal,
): Promise<CandlesResponse> {
  const query = new URLSearchParams({ interval, limit: String(SPOT_CHART_CANDLES) });
  return api.get<CandlesResponse>(
    `/api/spot/markets/${encodeURIComponent(market)}/candles?${query}`,
    { signal },
  );
}

/**
 * The chart's source for a market (the trade page's CandlesSource by shape): its key under
 * ['spot', 'candles', market], which new trades invalidate (use-spot-book).
 */
export const spotCandlesSource = (market: string) => (interval: CandleInterval) => ({
  queryKey: ['spot', 'candles', market, interval] as const,
  fetch: (signal: AbortSignal) => getSpotCandles(market, interval, signal),
  refetchInterval: REFRESH_MS[interval],
});
