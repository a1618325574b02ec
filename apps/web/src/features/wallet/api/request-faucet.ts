import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaucetRequest, FaucetResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { chainDepositsQueryKey } from './get-chain-deposits.ts';

/**
 * POST /api/crypto/faucet (the local dev chain only; 404 elsewhere): test coins sent on chain
 * to the caller's deposit address. They arrive as an ordinary deposit the watcher finds.
 */
export function requestFaucet(body: FaucetRequest): Promise<FaucetResponse> {
  return api.post('/api/crypto/faucet', body);
}

export function useRequestFaucet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFaucet,
    // The transfer is mined within a block; the realtime event follows, this only starts early.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chainDepositsQueryKey }),
  });
}
