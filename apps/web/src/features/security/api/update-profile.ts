import { useMutation } from '@tanstack/react-query';
import { authUserResponseSchema, type UpdateMeRequest, type User } from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';

/** PATCH /api/me: the signed-in user's full name and phone number. */
export function updateProfile(body: UpdateMeRequest): Promise<{ user: User }> {
  return api.patch('/api/me', body, { schema: authUserResponseSchema });
}

/** Saves the profile; the header and the rest of the app show the new name at once. */
export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => setUser(user),
  });
}
