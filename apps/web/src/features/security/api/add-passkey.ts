import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { passkeyResponseSchema, type Passkey } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/**
 * POST /api/auth/passkeys/registration-options (current password, then step-up): the WebAuthn
 * creation options.
 */
export function getRegistrationOptions(
  currentPassword: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  // The WebAuthn JSON of @simplewebauthn/server, handed to the browser as it is.
  return api.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/auth/passkeys/registration-options',
    { currentPassword },
  );
}

/**
 * The whole ceremony: options from the server, the browser's passkey prompt, then
 * POST /api/auth/passkeys {name, response}.
 */
export async function addPasskey(input: {
  name: string;
  currentPassword: string;
}): Promise<Passkey> {
  const { name } = input;
  const optionsJSON = await getRegistrationOptions(input.currentPassword);
  const credential = await startRegistration({ optionsJSON });
  const { passkey } = await api.post(
    '/api/auth/passkeys',
    { name, response: { ...credential } },
    { schema: passkeyResponseSchema },
  );
  return passkey;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
