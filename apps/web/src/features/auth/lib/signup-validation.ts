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

function isSignupField(key: PropertyKey | undefined): key is SignupField {
  return typeof key === 'string' && (SIGNUP_FIELDS as readonly string[]).includes(key);
}

/** Every field's first message under the shared schema (the server applies the same rules). */
export function validateSignup(values: SignupValues): SignupErrors {
  const result = signupFormSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(SIGNUP_FIELDS, result.error);
}

/** The message for one field, as checked on every change of that field. */
export function validateSignupField(values: SignupValues, field: SignupField): string | undefined {
  return validateSignup(values)[field];
}

/** Server field errors (400 validation_error) keyed by the form's own field names. */
export function pickSignupFieldErrors(fields: Readonly<Record<string, string>>): SignupErrors {
  const errors: SignupErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    if (isSignupField(key)) errors[key] = message;
  }
  return errors;
}
