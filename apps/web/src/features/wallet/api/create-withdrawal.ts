import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalRequest, WithdrawalResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { withdrawalLimitsQueryKey } from './get-withdrawal-limits.ts';
import { withdrawalsQueryKey } from './get-withdrawals.ts';

export interface CreateWithdrawalInput {
  body: CreateWithdrawalRequest;
  /** One key per submission, reused when the same submission is retried. */
  idempotencyKey: string;
}

/** POST /api/withdrawals: holds the amount and files a pending payout to a verified account. */
export function createWithdrawal({
  body,
  idempotencyKey,
}: CreateWithdrawalInput): Promise<WithdrawalResponse> {
  return api.post('/api/withdrawals', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: withdrawalLimitsQueryKey }),
      ]),
  });
}
