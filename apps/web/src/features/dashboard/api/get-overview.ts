import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { overviewResponseSchema, type OverviewResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';

/** The USDT/INR rate moves the figures without any balance changing: refresh this often. */
const OVERVIEW_REFRESH_MS = 30_000;

/** GET /api/me/overview: Total Balance and Today's PnL, valued by the server. */
export function getOverview(signal?: AbortSignal): Promise<OverviewResponse> {
  return api.get('/api/me/overview', { signal, schema: overviewResponseSchema });
}

export const overviewQueryKey = ['me', 'overview'] as const;

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 0,
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

/**
 * The overview's figures, fetched again whenever the signed-in user's balances change (a
 * WebSocket balance event or a refetch of /api/me updates them in the auth state).
 */
export function useOverview() {
  const queryClient = useQueryClient();
  const { balance, heldBalance, usdtBalance } = useAuth();
  const balances = `${balance}|${heldBalance}|${usdtBalance}`;
  const seen = useRef(balances);
  useEffect(() => {
    if (seen.current === balances) return;
    seen.current = balances;
    void queryClient.invalidateQueries({ queryKey: overviewQueryKey, exact: true });
  }, [balances, queryClient]);
  return useQuery(overviewQueryOptions());
}
