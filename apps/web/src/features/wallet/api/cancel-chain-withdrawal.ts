import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChainWithdrawalResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { cryptoWalletQueryKey } from './get-crypto-wallet.ts';
import { chainWithdrawalsQueryKey } from './get-chain-withdrawals.ts';

/** POST /api/crypto/withdrawals/:id/cancel: releases amount + fee while it is pending. */
export function cancelChainWithdrawal(withdrawalId: string): Promise<ChainWithdrawalResponse> {
  return api.post(`/api/crypto/withdrawals/${encodeURIComponent(withdrawalId)}/cancel`, undefined, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

export function useCancelChainWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelChainWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chainWithdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cryptoWalletQueryKey }),
      ]),
  });
}
