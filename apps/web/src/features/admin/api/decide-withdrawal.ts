import type { AdminWithdrawalResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * A decision on a pending withdrawal. Each carries an Idempotency-Key: a retried approval
 * answers with the first answer instead of a 409 (ADR 012).
 */
export interface DecideWithdrawalInput {
  withdrawalId: string;
  idempotencyKey: string;
}

/** POST /api/admin/withdrawals/:id/approve with the bank's payout UTR: marks it paid. */
export function approveWithdrawal({
  withdrawalId,
  idempotencyKey,
  utrNumber,
}: DecideWithdrawalInput & { utrNumber: string }): Promise<AdminWithdrawalResponse> {
  return api.post(
    `/api/admin/withdrawals/${encodeURIComponent(withdrawalId)}/approve`,
    { utrNumber },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** POST /api/admin/withdrawals/:id/reject with the reason the user will see; releases the hold. */
export function rejectWithdrawal({
  withdrawalId,
  idempotencyKey,
  reason,
}: DecideWithdrawalInput & { reason: string }): Promise<AdminWithdrawalResponse> {
  return api.post(
    `/api/admin/withdrawals/${encodeURIComponent(withdrawalId)}/reject`,
    { reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
