import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';
import { withdrawalLimitsQueryKey } from './get-withdrawal-limits.ts';
import { withdrawalsQueryKey } from './get-withdrawals.ts';

/** POST /api/withdrawals/:id/cancel: releases the held amount while the request is pending. */
export function cancelWithdrawal(withdrawalId: string): Promise<WithdrawalResponse> {
  return api.post(`/api/withdrawals/${encodeURIComponent(withdrawalId)}/cancel`, undefined, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: withdrawalLimitsQueryKey }),
      ]),
  });
}
