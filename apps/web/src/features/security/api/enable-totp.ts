import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  backupCodesResponseSchema,
  type BackupCodesResponse,
  type TotpEnableRequest,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/**
 * POST /api/auth/two-factor/totp/enable: a code of the new secret turns TOTP on; the answer
 * holds the backup codes, shown this once. Wrong code: 400 two_factor_invalid (fields.code).
 */
export function enableTotp(body: TotpEnableRequest): Promise<BackupCodesResponse> {
  return api.post('/api/auth/two-factor/totp/enable', body, {
    schema: backupCodesResponseSchema,
  });
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
