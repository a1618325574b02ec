import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { adminQueryRoot } from './admin-lists.ts';

/** The audit log's filters; '' means "any". */
export interface AuditFilters {
  search: string;
  /** An action prefix: 'security.', 'kyc.' … */
  action: string;
  /** India calendar days, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
}

export interface AuditListParams extends AuditFilters {
  page: number;
}

/** The query string both the list and the CSV take (the CSV without a page: it has every row). */
export function auditQueryString(filters: AuditFilters, page?: number): string {
  const query = new URLSearchParams();
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.action) query.set('action', filters.action);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
}

/**
 * GET /api/admin/audit: every decision and account-security event, newest first; the previous
 * page stays on screen while the next one loads.
 */
export const adminAuditQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'audit', params] as const,
    queryFn: ({ signal }) =>
      api.get<AuditResponse>(`/api/admin/audit?${auditQueryString(params, params.page)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/audit.csv: every matching row as a CSV attachment; a plain link. */
export function adminAuditCsvHref(filters: AuditFilters): string {
  const query = auditQueryString(filters);
  return query ? `/api/admin/audit.csv?${query}` : '/api/admin/audit.csv';
}
