import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  INR_DECIMALS,
  messages,
  sanitizeAmountInput,
  type BankAccount,
  type WithdrawalLimitsResponse,
} from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCreateWithdrawal } from '@/features/wallet/api/create-withdrawal.ts';
import { formatInrWhole } from '@/features/wallet/lib/format-limit.ts';
import {
  validateWithdraw,
  WITHDRAW_FIELDS,
  type WithdrawFormErrors,
  type WithdrawFormValues,
} from '@/features/wallet/lib/withdraw-validation.ts';

/** 'State Bank of India •••• 9012', with why it cannot be chosen when it cannot. */
function accountOption(account: BankAccount): SelectOption {
  const name = `${account.bankName} •••• ${account.accountNumber.slice(-4)}`;
  if (account.status === 'verified') return { value: account.id, label: name };
  const why = account.status === 'pending' ? 'awaiting verification' : 'rejected';
  return { value: account.id, label: `${name} (${why})`, disabled: true };
}

export interface WithdrawFormProps {
  accounts: readonly BankAccount[];
  limits: WithdrawalLimitsResponse | undefined;
}

/**
 * Amount and payout account of an INR withdrawal (issue 14). Only verified accounts can be
 * chosen; the request holds the amount at once, so the balances come back with the answer.
 */
export function WithdrawForm({ accounts, limits }: WithdrawFormProps) {
  const firstVerified = accounts.find((a) => a.status === 'verified')?.id ?? '';
  const [values, setValues] = useState<WithdrawFormValues>({
    amount: '',
    bankAccountId: firstVerified,
  });
  const [errors, setErrors] = useState<WithdrawFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const keys = useRef(createSubmissionKeys()).current;
  const create = useCreateWithdrawal();
  const { setBalances, refreshBalances } = useAuth();

  // The list arrives after the first render, or an account is verified meanwhile.
  const chosen = values.bankAccountId || firstVerified;
  const current = { ...values, bankAccountId: chosen };

  function change(field: keyof WithdrawFormValues, value: string) {
    const next = { ...current, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateWithdraw(next, limits));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    const found = validateWithdraw(current, limits);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const body = { amount: current.amount.trim(), bankAccountId: current.bankAccountId };
    try {
      const answer = await create.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      setBalances(answer.balances);
    } catch (err) {
      // A server answer is final for this submission; a lost connection keeps the key, so
      // pressing submit again cannot file the same withdrawal twice.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const fieldErrors = serverFieldErrors(err, WITHDRAW_FIELDS);
      setErrors(fieldErrors);
      toast.error(
        Object.values(fieldErrors)[0] ?? errorMessage(err, messages.withdrawals.submitFailed),
      );
      // KYC or balance changed since the page loaded: re-read them.
      if (err instanceof ApiError && err.fromServer) void refreshBalances();
      return;
    }
    keys.settle();
    toast.success(messages.withdrawals.submitted);
    setValues({ amount: '', bankAccountId: chosen });
    setErrors({});
    setSubmitted(false);
  }

  const options: SelectOption[] = [
    ...(firstVerified ? [] : [{ value: '', label: 'No verified bank account yet' }]),
    ...accounts.map(accountOption),
  ];
  const boundsHint = limits
    ? `From ${formatInrWhole(limits.minAmount)} to ${formatInrWhole(limits.maxAmount)} per request`
    : undefined;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <TextField
        label="Amount (INR)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="Enter amount"
        hint={boundsHint}
        value={current.amount}
        error={errors.amount}
        onChange={(e) => change('amount', sanitizeAmountInput(e.target.value, INR_DECIMALS))}
      />
      <SelectField
        label="Bank Account"
        name="bankAccountId"
        options={options}
        value={chosen}
        error={errors.bankAccountId}
        onChange={(e) => change('bankAccountId', e.target.value)}
        hint={
          <>
            Only verified accounts in your name.{' '}
            <Link
              to={paths.dashboard.payment}
              className="font-medium text-accent underline-offset-2 hover:underline"
            >
              Add a bank account
            </Link>
          </>
        }
      />
      {firstVerified ? null : (
        <p className="text-sm text-muted" data-testid="withdraw-no-account">
          Withdrawals go to a verified bank account in your name. Add one on the{' '}
          <Link
            to={paths.dashboard.payment}
            className="font-medium text-accent underline-offset-2 hover:underline"
          >
            Payment Methods
          </Link>{' '}
          page; it can be used once our team has verified it.
        </p>
      )}
      {/* Nothing to send the money to yet: the button waits for a verified account. */}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={create.isPending || !firstVerified}
      >
        {create.isPending ? 'Submitting...' : 'Withdraw Now'}
      </Button>
    </form>
  );
}
