import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChainWithdrawalResponse, CreateChainWithdrawalRequest } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { cryptoWalletQueryKey } from './get-crypto-wallet.ts';
import { chainWithdrawalsQueryKey } from './get-chain-withdrawals.ts';

export interface CreateChainWithdrawalInput {
  body: CreateChainWithdrawalRequest;
  /** One key per submission, reused when the same submission is retried. */
  idempotencyKey: string;
}

/** POST /api/crypto/withdrawals: holds amount + fee and files a withdrawal for an admin. */
export function createChainWithdrawal({
  body,
  idempotencyKey,
}: CreateChainWithdrawalInput): Promise<ChainWithdrawalResponse> {
  return api.post('/api/crypto/withdrawals', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateChainWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChainWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chainWithdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cryptoWalletQueryKey }),
      ]),
  });
}
