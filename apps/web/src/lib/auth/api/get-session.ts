import { queryOptions } from '@tanstack/react-query';
import type { SessionResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

/** GET /api/auth/session: the signed-in user or null (never a 401). */
export function getSession(): Promise<SessionResponse> {
  return api.get('/api/auth/session');
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // A failed check means "signed out" at once (PRODUCT.md §4), not a retry loop.
    retry: false,
    staleTime: Infinity,
  });
