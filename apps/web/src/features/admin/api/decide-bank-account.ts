import type { AdminBankAccountResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { newIdempotencyKey } from '@/lib/idempotency.ts';

/*
 * Each decision carries an Idempotency-Key, as withdrawal decisions do (ADR 012): sent again
 * with the same key, a decision answers with its first answer instead of a 409. A screen that
 * may retry one decision (a dialog's second click after a network failure) passes the key it
 * made for that decision; without one, each call is a new attempt with a key of its own.
 */

/** POST /api/admin/bank-accounts/:id/verify: the account may receive withdrawals from now on. */
export function verifyBankAccount(
  accountId: string,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<AdminBankAccountResponse> {
  return api.post(`/api/admin/bank-accounts/${encodeURIComponent(accountId)}/verify`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/admin/bank-accounts/:id/reject with the reason the user will see. */
export function rejectBankAccount(
  accountId: string,
  reason: string,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<AdminBankAccountResponse> {
  return api.post(
    `/api/admin/bank-accounts/${encodeURIComponent(accountId)}/reject`,
    { reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
