import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthUserResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * Signs in with a passkey: the server's challenge (POST /api/auth/passkeys/login-options, which
 * also sets the ceremony's cookie), the browser's authenticator, then POST /api/auth/passkeys/login.
 * 401 passkey_failed when the server does not accept the answer; the browser's own refusal (the
 * person cancelled, a timeout) rejects with its error.
 */
export async function passkeyLogin(rememberMe: boolean): Promise<AuthUserResponse> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkeys/login-options',
  );
  const response = await startAuthentication({ optionsJSON });
  return api.post('/api/auth/passkeys/login', { response, rememberMe });
}
