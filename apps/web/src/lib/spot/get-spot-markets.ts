import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotMarket, SpotMarketsResponse } from '@sikka/contracts';
import { api, ApiError } from '@/lib/api-client.ts';

/**
 * Whether this server runs the spot exchange (SPOT_TRADING=on) and its markets. Shared,
 * because the app picks the /trade and spot-orders screens by it and the dashboard shows the
 * assets card by it. Public data: kept across a sign-out (the 'market' root).
 */
export const SPOT_DISABLED: SpotMarketsResponse = {
  enabled: false,
  markets: [],
  makerFee: '0',
  takerFee: '0',
  tdsRate: '0',
};

/** GET /api/spot/markets. A server without the route (404) has no spot exchange. */
export async function getSpotMarkets(signal?: AbortSignal): Promise<SpotMarketsResponse> {
  try {
    return await api.get<SpotMarketsResponse>('/api/spot/markets', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return SPOT_DISABLED;
    throw err;
  }
}

export const spotMarketsQueryOptions = () =>
  queryOptions({
    queryKey: ['market', 'spot', 'markets'] as const,
    queryFn: ({ signal }) => getSpotMarkets(signal),
    // Set by the server's configuration at start: it does not change while a page is open.
    staleTime: 5 * 60_000,
  });

export function useSpotMarkets() {
  return useQuery(spotMarketsQueryOptions());
}

/** 'BTC' → 'BTC-INR', the market symbol the spot routes and the socket take. */
export const spotSymbol = (base: string): string => `${base.toUpperCase()}-INR`;

/** The spot market of a coin ('BTC'), when the exchange is on and lists it. */
export function findSpotMarket(
  markets: SpotMarketsResponse | undefined,
  base: string,
): SpotMarket | null {
  if (!markets?.enabled) return null;
  return markets.markets.find((m) => m.base === base.toUpperCase()) ?? null;
}
