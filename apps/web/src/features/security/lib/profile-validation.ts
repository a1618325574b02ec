import { updateMeRequestSchema, type UpdateMeRequest } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface ProfileValues {
  fullName: string;
  phone: string;
}
export type ProfileField = keyof ProfileValues;

export const PROFILE_FIELDS: readonly ProfileField[] = ['fullName', 'phone'];

/** The body of PATCH /api/me: an empty phone (an account made without one) is left out. */
export function profileRequest(values: ProfileValues): UpdateMeRequest {
  return {
    fullName: values.fullName,
    ...(values.phone.trim() === '' ? {} : { phone: values.phone }),
  };
}

/** The rules of PATCH /api/me (the contracts' schema, as the server checks it). */
export function validateProfile(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const result = updateMeRequestSchema.safeParse(profileRequest(values));
  return result.success ? {} : firstFieldMessages(PROFILE_FIELDS, result.error);
}
