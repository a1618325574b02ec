import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityOverviewSchema, type SecurityOverview } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Every query of the security page starts with this, so one invalidation reaches them all. */
export const SECURITY_QUERY_ROOT = ['security'] as const;
export const securityQueryKey = [...SECURITY_QUERY_ROOT, 'overview'] as const;

/** GET /api/auth/security: e-mail, password date, TOTP state and the passkeys. */
export function getSecurity(signal?: AbortSignal): Promise<SecurityOverview> {
  return api.get('/api/auth/security', { signal, schema: securityOverviewSchema });
}

export const securityQueryOptions = () =>
  queryOptions({
    queryKey: securityQueryKey,
    queryFn: ({ signal }) => getSecurity(signal),
    staleTime: 0,
  });

export function useSecurity() {
  return useQuery(securityQueryOptions());
}
