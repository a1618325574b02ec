import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { signInHistoryResponseSchema, type SignInHistoryResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SECURITY_QUERY_ROOT } from './get-security.ts';

export const signInsQueryKey = (page: number) =>
  [...SECURITY_QUERY_ROOT, 'sign-ins', page] as const;

/** GET /api/auth/sign-ins?page=N: the last 90 days' sign-in attempts, newest first. */
export function getSignIns(page: number, signal?: AbortSignal): Promise<SignInHistoryResponse> {
  return api.get(`/api/auth/sign-ins?page=${page}`, {
    signal,
    schema: signInHistoryResponseSchema,
  });
}

export function useSignIns(page: number) {
  return useQuery(
    queryOptions({
      queryKey: signInsQueryKey(page),
      queryFn: ({ signal }) => getSignIns(page, signal),
      // The page on screen stays while the next one loads, so the pager does not jump.
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
