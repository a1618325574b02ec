import type { AdminDepositResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/admin/deposits/:id/approve: credits the user's INR balance (only while pending). */
export function approveDeposit(depositId: string): Promise<AdminDepositResponse> {
  return api.post(`/api/admin/deposits/${encodeURIComponent(depositId)}/approve`);
}

/** POST /api/admin/deposits/:id/reject with the reason the user will see. */
export function rejectDeposit(depositId: string, reason: string): Promise<AdminDepositResponse> {
  return api.post(`/api/admin/deposits/${encodeURIComponent(depositId)}/reject`, { reason });
}
