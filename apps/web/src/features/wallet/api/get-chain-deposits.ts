import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainDepositsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Under 'crypto', so a `cryptoActivity` message reloads it (see get-crypto-wallet.ts). */
export const chainDepositsQueryKey = ['crypto', 'deposits'] as const;

/** GET /api/crypto/deposits: the user's most recent on-chain deposits, newest first. */
export function getChainDeposits(signal?: AbortSignal): Promise<ChainDepositsResponse> {
  return api.get('/api/crypto/deposits', { signal });
}

export const chainDepositsQueryOptions = () =>
  queryOptions({
    queryKey: chainDepositsQueryKey,
    queryFn: ({ signal }) => getChainDeposits(signal),
    // Confirmations count up block by block; a visit shows the latest.
    staleTime: 0,
  });

export function useChainDeposits(options: { enabled?: boolean } = {}) {
  return useQuery({ ...chainDepositsQueryOptions(), enabled: options.enabled ?? true });
}
