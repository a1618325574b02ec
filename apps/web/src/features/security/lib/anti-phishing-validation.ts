import { antiPhishingCodeRequestSchema, type AntiPhishingCodeRequest } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface AntiPhishingValues {
  code: string;
}
export type AntiPhishingField = keyof AntiPhishingValues;

export const ANTI_PHISHING_FIELDS: readonly AntiPhishingField[] = ['code'];
export const EMPTY_ANTI_PHISHING: AntiPhishingValues = { code: '' };

/** The body of PUT /api/auth/anti-phishing-code for a new code, trimmed as the server trims it. */
export function antiPhishingRequest(values: AntiPhishingValues): AntiPhishingCodeRequest {
  return { code: values.code.trim() };
}

/** The contracts' rule for a code (the server parses the body with the same schema). */
export function validateAntiPhishingCode(
  values: AntiPhishingValues,
): Partial<Record<AntiPhishingField, string>> {
  const result = antiPhishingCodeRequestSchema.safeParse(antiPhishingRequest(values));
  return result.success ? {} : firstFieldMessages(ANTI_PHISHING_FIELDS, result.error);
}
