import { DEPOSIT_MAX_INR, DEPOSIT_MIN_INR, INR_DECIMALS, messages } from '@sikka/contracts';
import { compare, isDecimal, scaleOf } from '../../../lib/decimal.ts';

export interface DepositFormValues {
  amount: string;
  utrNumber: string;
}
export type DepositFormErrors = Partial<Record<keyof DepositFormValues, string>>;

/**
 * The INR deposit form's rules (PRODUCT.md §5): amount required, numeric, ₹100 to
 * ₹10,00,000; UTR number required. The paise check mirrors the server so the message shows
 * before a round trip; the server checks all of it again (and the UTR's format).
 */
export function validateDeposit(values: DepositFormValues): DepositFormErrors {
  const errors: DepositFormErrors = {};
  const amount = values.amount.trim();
  if (!amount) errors.amount = messages.deposits.amountRequired;
  else if (!isDecimal(amount) || amount.startsWith('-'))
    errors.amount = messages.deposits.amountNumeric;
  else if (compare(amount, DEPOSIT_MIN_INR) < 0) errors.amount = messages.deposits.amountMin;
  else if (compare(amount, DEPOSIT_MAX_INR) > 0) errors.amount = messages.deposits.amountMax;
  else if (scaleOf(amount) > INR_DECIMALS) errors.amount = messages.deposits.amountDecimals;
  if (!values.utrNumber.trim()) errors.utrNumber = messages.deposits.utrRequired;
  return errors;
}
