import { changePasswordRequestSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type PasswordChangeField = keyof PasswordChangeValues;
export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string>>;

export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

// Not in the contracts: the confirmation never reaches the server.
export const PASSWORDS_DIFFER = 'The passwords do not match';
export const CONFIRM_REQUIRED = 'Please type the new password again';

/**
 * The shared schema's rules (the server applies the same ones) plus the confirmation, which
 * only the form knows about.
 */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const result = changePasswordRequestSchema.safeParse(values);
  const errors: PasswordChangeErrors = result.success
    ? {}
    : firstFieldMessages(PASSWORD_CHANGE_FIELDS, result.error);
  if (values.confirmPassword === '') errors.confirmPassword = CONFIRM_REQUIRED;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}
