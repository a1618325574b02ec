import type { QueryClient } from '@tanstack/react-query';
import { SECURITY_QUERY_ROOT } from './get-security.ts';

/**
 * After a security change: the page's own queries and the session (the user carries
 * twoFactorEnabled and emailVerified, which other screens read).
 */
export function invalidateSecurity(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: ['auth'] }),
  ]).then(() => undefined);
}
