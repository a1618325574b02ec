import {
  passkeyRegisterRequestSchema,
  passkeyRegistrationOptionsRequestSchema,
} from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface AddPasskeyValues {
  name: string;
  currentPassword: string;
}
export type AddPasskeyField = keyof AddPasskeyValues;

export const ADD_PASSKEY_FIELDS: readonly AddPasskeyField[] = ['name', 'currentPassword'];
export const EMPTY_ADD_PASSKEY: AddPasskeyValues = { name: '', currentPassword: '' };

/**
 * The contracts' rules for adding a passkey: its name (POST /api/auth/passkeys) and the current
 * password (POST /api/auth/passkeys/registration-options); the server parses each with them.
 */
export function validateAddPasskey(
  values: AddPasskeyValues,
): Partial<Record<AddPasskeyField, string>> {
  const name = passkeyRegisterRequestSchema.shape.name.safeParse(values.name);
  const password = passkeyRegistrationOptionsRequestSchema.safeParse({
    currentPassword: values.currentPassword,
  });
  return {
    ...(name.success ? {} : { name: name.error.issues[0]?.message }),
    ...(password.success ? {} : firstFieldMessages(ADD_PASSKEY_FIELDS, password.error)),
  };
}
