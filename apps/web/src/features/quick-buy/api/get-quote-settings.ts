import { queryOptions, useQuery } from '@tanstack/react-query';
import { TDS_RATE_DEFAULT, type QuoteSettingsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** GET /api/trades/quote-settings: the TDS rate and trade bounds the server applies. */
export function getQuoteSettings(signal?: AbortSignal): Promise<QuoteSettingsResponse> {
  return api.get('/api/trades/quote-settings', { signal });
}

export const quoteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['quick-buy', 'quote-settings'] as const,
    queryFn: ({ signal }) => getQuoteSettings(signal),
    // Settings of the installation: they change only with a restart.
    staleTime: 10 * 60_000,
  });

/**
 * The TDS rate the server withholds from sells. Until the answer arrives the product's
 * default is shown; the server always pays by its own rate, and the success dialog shows it.
 */
export function useTdsRate(): string {
  const { data } = useQuery(quoteSettingsQueryOptions());
  return data?.tdsRate ?? TDS_RATE_DEFAULT;
}
