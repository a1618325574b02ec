import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositResponseSchema, type DepositResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { depositsQueryKey } from './get-deposits.ts';

/** Under the deposits list's key, so whatever refreshes the list refreshes this one too. */
export const depositQueryKey = (id: string) => [...depositsQueryKey, 'detail', id] as const;

/** GET /api/deposits/:id: one of the user's own deposit requests (404 for any other id). */
export function getDeposit(id: string, signal?: AbortSignal): Promise<DepositResponse> {
  return api.get(`/api/deposits/${encodeURIComponent(id)}`, {
    signal,
    schema: depositResponseSchema,
  });
}

export const depositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: depositQueryKey(id),
    queryFn: ({ signal }) => getDeposit(id, signal),
    // Its status changes when the admin decides; a visit should show the latest.
    staleTime: 0,
  });

export function useDeposit(id: string, { enabled = true } = {}) {
  return useQuery({ ...depositQueryOptions(id), enabled });
}
