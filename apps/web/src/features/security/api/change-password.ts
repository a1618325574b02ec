import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type ChangePasswordRequest,
  type MessageResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/**
 * POST /api/auth/password/change (step-up): every other session is signed out. A wrong current
 * password is 400 validation_error with fields.currentPassword.
 */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post('/api/auth/password/change', body, { schema: messageResponseSchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
