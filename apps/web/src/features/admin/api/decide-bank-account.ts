import type { AdminBankAccountResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/admin/bank-accounts/:id/verify: the account may receive withdrawals from now on. */
export function verifyBankAccount(accountId: string): Promise<AdminBankAccountResponse> {
  return api.post(`/api/admin/bank-accounts/${encodeURIComponent(accountId)}/verify`);
}

/** POST /api/admin/bank-accounts/:id/reject with the reason the user will see. */
export function rejectBankAccount(
  accountId: string,
  reason: string,
): Promise<AdminBankAccountResponse> {
  return api.post(`/api/admin/bank-accounts/${encodeURIComponent(accountId)}/reject`, {
    reason,
  });
}
