import type { AdminDepositResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';

/*
 * Each decision carries an Idempotency-Key: a retry with the same key (a lost answer, a double
 * click) replays the first answer instead of meeting "already decided".
 */

/** POST /api/admin/deposits/:id/approve: credits the user's INR balance (only while pending). */
export function approveDeposit(
  depositId: string,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<AdminDepositResponse> {
  return api.post(`/api/admin/deposits/${encodeURIComponent(depositId)}/approve`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/admin/deposits/:id/reject with the reason the user will see. */
export function rejectDeposit(
  depositId: string,
  reason: string,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<AdminDepositResponse> {
  return api.post(
    `/api/admin/deposits/${encodeURIComponent(depositId)}/reject`,
    { reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
