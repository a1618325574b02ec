import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankAccountsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const bankAccountsQueryKey = ['wallet', 'bank-accounts'] as const;

/** GET /api/me/bank-accounts: the KYC account first, then added ones, numbers masked. */
export function getBankAccounts(signal?: AbortSignal): Promise<BankAccountsResponse> {
  return api.get('/api/me/bank-accounts', { signal });
}

export const bankAccountsQueryOptions = () =>
  queryOptions({
    queryKey: bankAccountsQueryKey,
    queryFn: ({ signal }) => getBankAccounts(signal),
    // The admin verifies added accounts; a visit should show the latest status.
    staleTime: 0,
  });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
