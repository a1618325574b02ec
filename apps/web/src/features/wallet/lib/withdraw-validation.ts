import {
  compareDecimal,
  createWithdrawalRequestSchema,
  groupInr,
  messages,
  type WithdrawalLimitsResponse,
} from '@sikka/contracts';
import { firstFieldMessages } from '@/lib/form-errors.ts';

export interface WithdrawFormValues {
  amount: string;
  bankAccountId: string;
}
export type WithdrawFormErrors = Partial<Record<keyof WithdrawFormValues, string>>;

/** The form's fields, which are also the server's field names for them. */
export const WITHDRAW_FIELDS = ['amount', 'bankAccountId'] as const;

/** As the server writes bounds in its messages: '100' → '100', '1000000' → '10,00,000'. */
const rupees = (value: string): string => groupInr(value).replace(/\.00$/, '');

/**
 * The request's format is the contracts' schema (the server parses with the same one); the
 * bounds are the server's settings, so they are checked against the published limits with
 * the server's own messages. The server checks everything again under its lock.
 */
export function validateWithdraw(
  values: WithdrawFormValues,
  limits: WithdrawalLimitsResponse | undefined,
): WithdrawFormErrors {
  const result = createWithdrawalRequestSchema.safeParse(values);
  const errors = result.success ? {} : firstFieldMessages(WITHDRAW_FIELDS, result.error);
  if (errors.amount || !limits) return errors;
  const amount = values.amount.trim();
  if (compareDecimal(amount, limits.minAmount) < 0) {
    errors.amount = messages.withdrawals.amountMin(rupees(limits.minAmount));
  } else if (compareDecimal(amount, limits.maxAmount) > 0) {
    errors.amount = messages.withdrawals.amountMax(rupees(limits.maxAmount));
  } else if (compareDecimal(amount, limits.remainingToday) > 0) {
    errors.amount = messages.withdrawals.dailyLimit(
      rupees(limits.dailyLimit),
      groupInr(limits.remainingToday),
    );
  }
  return errors;
}
