import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDepositRequest, DepositResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { depositsQueryKey } from './get-deposits.ts';

export interface CreateDepositInput {
  body: CreateDepositRequest;
  /** One key per submission, reused when the same submission is retried. */
  idempotencyKey: string;
}

/** POST /api/deposits: files a pending INR deposit request; the server decides whose. */
export function createDeposit({
  body,
  idempotencyKey,
}: CreateDepositInput): Promise<DepositResponse> {
  return api.post('/api/deposits', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
  });
}
