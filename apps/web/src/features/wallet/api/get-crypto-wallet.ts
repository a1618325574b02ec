import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CryptoWalletResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * Every crypto query's key starts with 'crypto': a `cryptoActivity` message on the WebSocket
 * invalidates them all (app/market-connection.tsx), so the page follows the chain live.
 */
export const cryptoWalletQueryKey = ['crypto', 'wallet'] as const;

/**
 * GET /api/crypto/wallet: available and held per asset, the fee, minimum and today's limit.
 * 403 kyc_required for an unverified user, 503 chain_unavailable when no chain is configured.
 */
export function getCryptoWallet(signal?: AbortSignal): Promise<CryptoWalletResponse> {
  return api.get('/api/crypto/wallet', { signal });
}

export const cryptoWalletQueryOptions = () =>
  queryOptions({
    queryKey: cryptoWalletQueryKey,
    queryFn: ({ signal }) => getCryptoWallet(signal),
    staleTime: 0,
    // A refusal (KYC, no chain) will not change by asking again at once.
    retry: false,
  });

/** `enabled: false` for a user the server would refuse (KYC not verified): no 403 to ask for. */
export function useCryptoWallet(options: { enabled?: boolean } = {}) {
  return useQuery({ ...cryptoWalletQueryOptions(), enabled: options.enabled ?? true });
}
