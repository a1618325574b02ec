import { signupFormSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface SignupValues {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  terms: boolean;
}

export type SignupField = keyof SignupValues;
export type SignupErrors = Partial<Record<SignupField, string>>;

export const SIGNUP_FIELDS: readonly SignupField[] = [
  'fullName',
  'email',
  'phone',
  'password',
  'terms',
];

export const EMPTY_SIGNUP: SignupValues = {
  fullName: '',
  email: '',
  phone: '',
  password: '',
  terms: false,
};

/** Every field's first message under the shared schema (the server applies the same rules). */
export function validateSignup(values: SignupValues): SignupErrors {
  const result = signupFormSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(SIGNUP_FIELDS, result.error);
}
