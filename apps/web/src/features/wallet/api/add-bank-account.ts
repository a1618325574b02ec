import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountResponse, CreateBankAccountRequest } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { bankAccountsQueryKey } from './get-bank-accounts.ts';

/** POST /api/me/bank-accounts: adds an account in the user's name; it starts pending. */
export function addBankAccount(body: CreateBankAccountRequest): Promise<BankAccountResponse> {
  return api.post('/api/me/bank-accounts', body);
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
  });
}
