import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionsResponseSchema, type SessionsResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { SECURITY_QUERY_ROOT } from './get-security.ts';

export const sessionsQueryKey = [...SECURITY_QUERY_ROOT, 'sessions'] as const;

/** GET /api/auth/sessions: the user's signed-in browsers, this one marked `current`. */
export function getSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return api.get('/api/auth/sessions', { signal, schema: sessionsResponseSchema });
}

export function useSessions() {
  return useQuery(
    queryOptions({
      queryKey: sessionsQueryKey,
      queryFn: ({ signal }) => getSessions(signal),
      staleTime: 0,
    }),
  );
}
