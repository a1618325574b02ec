import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainWithdrawalsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Under 'crypto', so a `cryptoActivity` message reloads it (see get-crypto-wallet.ts). */
export const chainWithdrawalsQueryKey = ['crypto', 'withdrawals'] as const;

/** GET /api/crypto/withdrawals: the user's most recent crypto withdrawals, newest first. */
export function getChainWithdrawals(signal?: AbortSignal): Promise<ChainWithdrawalsResponse> {
  return api.get('/api/crypto/withdrawals', { signal });
}

export const chainWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: chainWithdrawalsQueryKey,
    queryFn: ({ signal }) => getChainWithdrawals(signal),
    // Statuses move on (approved → signed → broadcast → completed); a visit shows the latest.
    staleTime: 0,
  });

export function useChainWithdrawals(options: { enabled?: boolean } = {}) {
  return useQuery({ ...chainWithdrawalsQueryOptions(), enabled: options.enabled ?? true });
}
