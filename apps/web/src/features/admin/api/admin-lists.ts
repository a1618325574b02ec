import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminBankAccountsResponse,
  AdminDepositsResponse,
  AdminTradesResponse,
  AdminUsersResponse,
  AdminWithdrawalsResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Filters of one admin list; '' status means all. */
export interface AdminListParams {
  search: string;
  status: string;
  page: number;
}

/** Every admin query starts with this key, so one invalidation reloads every list. */
export const adminQueryRoot = ['admin'] as const;

type AdminResource = 'users' | 'deposits' | 'withdrawals' | 'bank-accounts' | 'trades';

function listPath(resource: AdminResource, params: AdminListParams): string {
  const query = new URLSearchParams();
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.status) query.set('status', params.status);
  query.set('page', String(params.page));
  return `/api/admin/${resource}?${query.toString()}`;
}

// The previous page stays on screen while the next one loads, so the table does not jump.
const listOptions = <T>(resource: AdminResource, params: AdminListParams) =>
  queryOptions({
    queryKey: [...adminQueryRoot, resource, params] as const,
    queryFn: ({ signal }) => api.get<T>(listPath(resource, params), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/users: search on name or e-mail, status = KYC status. */
export const adminUsersQueryOptions = (params: AdminListParams) =>
  listOptions<AdminUsersResponse>('users', params);

/** GET /api/admin/deposits: search on name, e-mail, UTR or id. */
export const adminDepositsQueryOptions = (params: AdminListParams) =>
  listOptions<AdminDepositsResponse>('deposits', params);

/** GET /api/admin/trades: search on name, e-mail or trade id. */
export const adminTradesQueryOptions = (params: AdminListParams) =>
  listOptions<AdminTradesResponse>('trades', params);

/** GET /api/admin/withdrawals: search on name, e-mail, payout UTR or id. */
export const adminWithdrawalsQueryOptions = (params: AdminListParams) =>
  listOptions<AdminWithdrawalsResponse>('withdrawals', params);

/** GET /api/admin/bank-accounts: search on name, e-mail, IFSC, bank or id. */
export const adminBankAccountsQueryOptions = (params: AdminListParams) =>
  listOptions<AdminBankAccountsResponse>('bank-accounts', params);
