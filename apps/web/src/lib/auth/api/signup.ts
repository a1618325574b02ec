import type { AuthUserResponse, SignupRequest } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/signup: 201 and a session; 409 user_already_exists; 400 with field messages. */
export function signup(body: SignupRequest): Promise<AuthUserResponse> {
  return api.post('/api/auth/signup', body);
}
