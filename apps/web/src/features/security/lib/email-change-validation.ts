import { changeEmailRequestSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface EmailChangeValues {
  newEmail: string;
  currentPassword: string;
}
export type EmailChangeField = keyof EmailChangeValues;

export const EMAIL_CHANGE_FIELDS: readonly EmailChangeField[] = ['newEmail', 'currentPassword'];
export const EMPTY_EMAIL_CHANGE: EmailChangeValues = { newEmail: '', currentPassword: '' };

/** The shared schema's rules; the server applies the same ones. */
export function validateEmailChange(
  values: EmailChangeValues,
): Partial<Record<EmailChangeField, string>> {
  const result = changeEmailRequestSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(EMAIL_CHANGE_FIELDS, result.error);
}
