import { createBankAccountRequestSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface BankAccountFormValues {
  accountNumber: string;
  ifscCode: string;
  bankName: string;
  accountHolderName: string;
}
export type BankAccountFormErrors = Partial<Record<keyof BankAccountFormValues, string>>;

export const BANK_ACCOUNT_FIELDS = [
  'accountNumber',
  'ifscCode',
  'bankName',
  'accountHolderName',
] as const;

/** The server's own schema (the KYC form's bank rules), so both give one message per input. */
export function validateBankAccount(values: BankAccountFormValues): BankAccountFormErrors {
  const result = createBankAccountRequestSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(BANK_ACCOUNT_FIELDS, result.error);
}
