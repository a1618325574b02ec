import {
  bufferToBase64URLString,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { stepUpPasskeyOptionsSchema } from '@sikka/contracts';
import { api, type SecondFactorProof } from '@/lib/api-client.ts';

/**
 * POST /api/auth/step-up/passkey-options: a challenge for one of the signed-in user's own
 * passkeys, or null when they have none (ADR 032). Each call replaces the last challenge.
 */
export async function stepUpPasskeyOptions(
  signal?: AbortSignal,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const { options } = await api.post('/api/auth/step-up/passkey-options', undefined, {
    signal,
    schema: stepUpPasskeyOptionsSchema,
  });
  return options as PublicKeyCredentialRequestOptionsJSON | null;
}

/**
 * The browser's authenticator answers the challenge; the answer, as the X-Two-Factor-Passkey
 * header carries it (base64url JSON). Rejects with the browser's error when the person cancels.
 */
export async function passkeyProof(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<SecondFactorProof> {
  const response = await startAuthentication({ optionsJSON });
  const json = new TextEncoder().encode(JSON.stringify(response));
  return { passkey: bufferToBase64URLString(json.buffer) };
}
