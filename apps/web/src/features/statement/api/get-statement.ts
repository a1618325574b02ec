import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  statementResponseSchema,
  type StatementAsset,
  type StatementResponse,
  type StatementTypeFilter,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export interface StatementFilters {
  type: StatementTypeFilter | 'all';
  asset: StatementAsset | 'all';
  /** inclusive IST dates, YYYY-MM-DD; '' for open-ended */
  from: string;
  to: string;
}

/** The filters as the query string both GET /api/statement and /api/statement.csv take. */
export function statementParams(filters: StatementFilters, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.asset !== 'all') params.set('asset', filters.asset);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (page !== undefined) params.set('page', String(page));
  return params;
}

/** GET /api/statement: one page of the user's ledger entries, newest first. */
export function getStatement(
  filters: StatementFilters,
  page: number,
  signal?: AbortSignal,
): Promise<StatementResponse> {
  return api.get(`/api/statement?${statementParams(filters, page).toString()}`, {
    signal,
    schema: statementResponseSchema,
  });
}

export const statementQueryOptions = (filters: StatementFilters, page: number) =>
  queryOptions({
    queryKey: ['statement', filters, page] as const,
    queryFn: ({ signal }) => getStatement(filters, page, signal),
    // An entry booked a moment ago (a trade, a deposit approved) must be on the statement.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useStatement(filters: StatementFilters, page: number) {
  return useQuery(statementQueryOptions(filters, page));
}
