import { queryOptions } from '@tanstack/react-query';
import type { AdminBankAccountResponse, AdminWithdrawalResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { adminQueryRoot } from './admin-lists.ts';

/*
 * One record as the admin sees it, with the full bank account number the lists show masked.
 * The server audits every such read, so a record is fetched only while a screen shows it:
 * not again on window focus, and not kept once that screen closes.
 */
const recordOptions = <T>(resource: 'bank-accounts' | 'withdrawals', id: string) =>
  queryOptions({
    queryKey: [...adminQueryRoot, resource, 'record', id] as const,
    queryFn: ({ signal }) =>
      api.get<T>(`/api/admin/${resource}/${encodeURIComponent(id)}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** GET /api/admin/bank-accounts/:id: the account with its full number, to check before Verify. */
export const adminBankAccountQueryOptions = (accountId: string) =>
  recordOptions<AdminBankAccountResponse>('bank-accounts', accountId);

/** GET /api/admin/withdrawals/:id: the withdrawal with the full number the payout needs. */
export const adminWithdrawalQueryOptions = (withdrawalId: string) =>
  recordOptions<AdminWithdrawalResponse>('withdrawals', withdrawalId);
