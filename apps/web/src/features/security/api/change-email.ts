import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type ChangeEmailRequest,
  type MessageResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/email/change (step-up): a link goes to the new address, a notice to the
 * current one; nothing changes until the link is followed (ADR 033). A wrong password is 400
 * with fields.currentPassword; the same or a look-alike address names fields.newEmail.
 */
export function changeEmail(body: ChangeEmailRequest): Promise<MessageResponse> {
  return api.post('/api/auth/email/change', body, { schema: messageResponseSchema });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
