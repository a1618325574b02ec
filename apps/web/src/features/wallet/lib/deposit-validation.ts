import { depositFormSchema } from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface DepositFormValues {
  amount: string;
  utrNumber: string;
}
export type DepositFormErrors = Partial<Record<keyof DepositFormValues, string>>;

/** The form's fields, which are also the server's field names for them. */
export const DEPOSIT_FIELDS = ['amount', 'utrNumber'] as const;

/**
 * The INR deposit form's rules (PRODUCT.md §5) are the contracts' own: the amount is checked
 * by the very schema the server parses the request with, so one input gets one message from
 * both; the UTR number only has to be there (its format is the server's to judge).
 */
export function validateDeposit(values: DepositFormValues): DepositFormErrors {
  const result = depositFormSchema.safeParse(values);
  return result.success ? {} : firstFieldMessages(DEPOSIT_FIELDS, result.error);
}
