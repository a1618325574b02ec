import { freezeAccountRequestSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface FreezeValues {
  currentPassword: string;
}
export type FreezeField = keyof FreezeValues;

export const FREEZE_FIELDS: readonly FreezeField[] = ['currentPassword'];
export const EMPTY_FREEZE: FreezeValues = { currentPassword: '' };

/** The contracts' rule for POST /api/auth/freeze (the server parses the body with it too). */
export function validateFreeze(values: FreezeValues): Partial<Record<FreezeField, string>> {
  const result = freezeAccountRequestSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(FREEZE_FIELDS, result.error);
}
