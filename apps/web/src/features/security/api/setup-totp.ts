import { useMutation } from '@tanstack/react-query';
import { totpSetupResponseSchema, type TotpSetupResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/two-factor/totp/setup: a new secret, not active until a code from it is
 * typed (enable-totp). 409 invalid_state when TOTP is already on.
 */
export function setupTotp(): Promise<TotpSetupResponse> {
  return api.post('/api/auth/two-factor/totp/setup', {}, { schema: totpSetupResponseSchema });
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
