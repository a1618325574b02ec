import { emailSchema, passwordSchema } from '@sikka/contracts';

/** Not in the contracts: the server never sees the confirmation. */
export const PASSWORDS_DIFFER = 'The two passwords do not match';

export interface ResetValues {
  password: string;
  confirm: string;
}
export const EMPTY_RESET: ResetValues = { password: '', confirm: '' };

/** The new password under the shared rule (the server's), and the confirmation matching it. */
export function validateReset(values: ResetValues): Partial<Record<keyof ResetValues, string>> {
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  const parsed = passwordSchema.safeParse(values.password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message;
  else if (values.confirm !== values.password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

export interface ForgotValues {
  email: string;
}
export const EMPTY_FORGOT: ForgotValues = { email: '' };

export function validateForgot(values: ForgotValues): Partial<Record<'email', string>> {
  const parsed = emailSchema.safeParse(values.email);
  return parsed.success ? {} : { email: parsed.error.issues[0]?.message };
}

/** The `?token=` of a mailed link, or '' when the address has none. */
export function linkToken(search: URLSearchParams): string {
  return search.get('token')?.trim() ?? '';
}
