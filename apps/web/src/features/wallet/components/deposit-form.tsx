import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DEPOSIT_MAX_INR, DEPOSIT_MIN_INR, messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useCreateDeposit } from '@/features/wallet/api/create-deposit.ts';
import {
  validateDeposit,
  type DepositFormErrors,
  type DepositFormValues,
} from '@/features/wallet/lib/deposit-validation.ts';
import { formatInrWhole } from '@/features/wallet/lib/format-limit.ts';

const EMPTY: DepositFormValues = { amount: '', utrNumber: '' };

/** Server field names that have a box on this form; other messages go to the toast. */
const FORM_FIELDS = new Set<string>(['amount', 'utrNumber']);

/**
 * Amount and UTR of a bank transfer the user has made (PRODUCT.md §5 "INR deposit form").
 * Checked on submit, then on every change; the server's field messages show under the boxes.
 */
export function DepositForm() {
  const [values, setValues] = useState<DepositFormValues>(EMPTY);
  const [errors, setErrors] = useState<DepositFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const keys = useRef(createSubmissionKeys()).current;
  const create = useCreateDeposit();
  const { refreshBalances } = useAuth();

  function change(field: keyof DepositFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateDeposit(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    const found = validateDeposit(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const body = { amount: values.amount.trim(), utrNumber: values.utrNumber.trim() };
    try {
      await create.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
    } catch (err) {
      // A server answer is final for this submission; a lost connection keeps the key, so
      // pressing submit again cannot file the same transfer twice.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const fieldErrors =
        err instanceof ApiError
          ? Object.fromEntries(Object.entries(err.fields).filter(([k]) => FORM_FIELDS.has(k)))
          : {};
      setErrors(fieldErrors);
      // A refusal without a field (403 kyc_required, 429 rate_limited) is told in the server's words.
      toast.error(
        Object.values(fieldErrors)[0] ?? errorMessage(err, messages.deposits.submitFailed),
      );
      // KYC changed since the page loaded: re-reading the user turns the page into the prompt.
      if (err instanceof ApiError && err.code === 'kyc_required') void refreshBalances();
      return;
    }
    keys.settle();
    toast.success(messages.deposits.submitted);
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <TextField
        label="Amount (INR)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`Minimum ${formatInrWhole(DEPOSIT_MIN_INR)}`}
        hint={`From ${formatInrWhole(DEPOSIT_MIN_INR)} to ${formatInrWhole(DEPOSIT_MAX_INR)} per request`}
        value={values.amount}
        error={errors.amount}
        onChange={(e) => change('amount', e.target.value)}
      />
      <TextField
        label="UTR Number"
        name="utrNumber"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. 412345678901"
        hint="The Unique Transaction Reference from your bank's confirmation"
        value={values.utrNumber}
        error={errors.utrNumber}
        onChange={(e) => change('utrNumber', e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Submitting...' : 'Submit Deposit Request'}
      </Button>
    </form>
  );
}
