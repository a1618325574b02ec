import type { AuthUserResponse, LoginRequest } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/login; 401 invalid_credentials for unknown e-mail and wrong password alike. */
export function login(body: LoginRequest): Promise<AuthUserResponse> {
  return api.post('/api/auth/login', body);
}
