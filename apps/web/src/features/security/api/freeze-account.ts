import { useMutation } from '@tanstack/react-query';
import {
  freezeAccountResponseSchema,
  type FreezeAccountRequest,
  type FreezeAccountResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/freeze (ADR 035): with the current password, freezes the account; every
 * session ends, this one too (the answer clears the cookie). A wrong password is 400 with
 * fields.currentPassword; the admin's account is 409.
 */
export function freezeAccount(body: FreezeAccountRequest): Promise<FreezeAccountResponse> {
  return api.post('/api/auth/freeze', body, { schema: freezeAccountResponseSchema });
}

/**
 * Nothing is refetched afterwards: the session is gone, and a 401 from a refetch would send the
 * page to /login before it can say what happened.
 */
export function useFreezeAccount() {
  return useMutation({ mutationFn: freezeAccount });
}
