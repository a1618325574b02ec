import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  type AntiPhishingCodeRequest,
  type MessageResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { invalidateSecurity } from './invalidate.ts';

/**
 * PUT /api/auth/anti-phishing-code (step-up): sets the code every mail shows at its top, or
 * removes it with null (ADR 034); a notice is mailed either way. A bad or unchanged code is 400
 * with fields.code; removing when none is set is 409 invalid_state.
 */
export function setAntiPhishingCode(body: AntiPhishingCodeRequest): Promise<MessageResponse> {
  return api.put('/api/auth/anti-phishing-code', body, { schema: messageResponseSchema });
}

export function useSetAntiPhishingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAntiPhishingCode,
    onSuccess: () => invalidateSecurity(queryClient),
  });
}
