import { queryOptions } from '@tanstack/react-query';
import type { MeResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** Keyed by user id so one user's balances can never show for the next. */
export const meQueryKey = (userId: string) => ['auth', 'me', userId] as const;

/** GET /api/me: the user and both balances as decimal strings; 401 when signed out. */
export function getMe(): Promise<MeResponse> {
  return api.get('/api/me');
}

export const meQueryOptions = (userId: string) =>
  queryOptions({ queryKey: meQueryKey(userId), queryFn: getMe });
