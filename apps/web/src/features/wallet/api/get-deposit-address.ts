import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAddressResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Under 'crypto', so a `cryptoActivity` message reloads it (see get-crypto-wallet.ts). */
export const depositAddressQueryKey = ['crypto', 'deposit-address'] as const;

/**
 * GET /api/crypto/deposit-address: the user's own address for good, the network, what it
 * credits and the confirmations it takes. 403 kyc_required for an unverified user, 503
 * chain_unavailable when the server runs without a chain.
 */
export function getDepositAddress(signal?: AbortSignal): Promise<DepositAddressResponse> {
  return api.get('/api/crypto/deposit-address', { signal });
}

export const depositAddressQueryOptions = () =>
  queryOptions({
    queryKey: depositAddressQueryKey,
    queryFn: ({ signal }) => getDepositAddress(signal),
    // The address never changes for a user; the network and the rules change with a deploy.
    staleTime: 5 * 60_000,
    // A refusal (KYC, no chain) will not change by asking again at once.
    retry: false,
  });

export function useDepositAddress(options: { enabled?: boolean } = {}) {
  return useQuery({ ...depositAddressQueryOptions(), enabled: options.enabled ?? true });
}
