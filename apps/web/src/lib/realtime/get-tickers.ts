import type { TickersResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const TICKERS_PATH = '/api/market/tickers';

/** GET /api/market/tickers: the server's last good list, its source and its last error. */
export function getTickers(signal?: AbortSignal): Promise<TickersResponse> {
  return api.get<TickersResponse>(TICKERS_PATH, { signal });
}
