import type { AuthUserResponse, LoginRequest, LoginResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/login; 401 invalid_credentials for unknown e-mail and wrong password alike.
 * With two-factor on, the answer is `{user: null, twoFactorRequired: true}`: no session yet, a
 * short-lived cookie holds the step until the code is sent to `loginTwoFactor`.
 */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('/api/auth/login', body);
}

/**
 * POST /api/auth/login/two-factor: the app code or a backup code, after the password. 401
 * two_factor_invalid (fields.code) for a wrong code, 401 unauthorized once the step expired,
 * 429 two_factor_throttled after too many.
 */
export function loginTwoFactor(code: string): Promise<AuthUserResponse> {
  return api.post('/api/auth/login/two-factor', { code });
}
