import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { signInHistoryResponseSchema, type SignInHistoryResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { adminQueryRoot } from './admin-lists.ts';

/**
 * GET /api/admin/users/:id/sign-ins: one user's sign-in attempts of the last 90 days, newest
 * first (time, address, device, method, outcome), a page at a time.
 */
export const adminSignInsQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'users', userId, 'sign-ins', page] as const,
    queryFn: ({ signal }): Promise<SignInHistoryResponse> =>
      api.get(`/api/admin/users/${encodeURIComponent(userId)}/sign-ins?page=${page}`, {
        signal,
        schema: signInHistoryResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
