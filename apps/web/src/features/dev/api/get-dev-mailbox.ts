import { queryOptions } from '@tanstack/react-query';
import { devMailboxResponseSchema, type DevMailboxResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * GET /api/dev/mailbox: the mails the server would have sent, newest first. Only when it runs
 * without SMTP_URL outside production; 404 otherwise.
 */
export const devMailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mailbox'] as const,
    queryFn: ({ signal }): Promise<DevMailboxResponse> =>
      api.get('/api/dev/mailbox', { signal, schema: devMailboxResponseSchema }),
    retry: false,
    // New mail shows by itself; a server without a mailbox (404) is not asked again.
    refetchInterval: (query) => (query.state.error ? false : 5000),
  });
