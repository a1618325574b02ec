import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupCodesResponseSchema, type BackupCodesResponse } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/** POST /api/auth/two-factor/backup-codes (step-up): a new set; the old codes stop working. */
export function regenerateBackupCodes(): Promise<BackupCodesResponse> {
  return api.post('/api/auth/two-factor/backup-codes', {}, { schema: backupCodesResponseSchema });
}

export function useRegenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBackupCodes,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
