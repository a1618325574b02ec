import { api } from '@/lib/api-client.ts';

/** POST /api/auth/logout: deletes the server session; 204. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}
