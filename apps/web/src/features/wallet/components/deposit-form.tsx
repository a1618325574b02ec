import { useRef, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DEPOSIT_MAX_INR, DEPOSIT_MIN_INR, messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useCreateDeposit } from '@/features/wallet/api/create-deposit.ts';
import {
  DEPOSIT_FIELDS,
  validateDeposit,
  type DepositFormValues,
} from '@/features/wallet/lib/deposit-validation.ts';
import { formatInrWhole } from '@/features/wallet/lib/format-limit.ts';

const EMPTY: DepositFormValues = { amount: '', utrNumber: '' };

/**
 * Amount and UTR of a bank transfer the user has made (PRODUCT.md §5 "INR deposit form").
 * Checked on submit, then on every change; the server's field messages show under the boxes.
 */
export function DepositForm() {
  const form = useFormFields({ empty: EMPTY, validate: validateDeposit });
  const keys = useRef(createSubmissionKeys()).current;
  const create = useCreateDeposit();
  const { refreshBalances } = useAuth();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || !form.check()) return;

    const { values } = form;
    const body = { amount: values.amount.trim(), utrNumber: values.utrNumber.trim() };
    try {
      await create.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
    } catch (err) {
      // A server answer is final for this submission; a lost connection keeps the key, so
      // pressing submit again cannot file the same transfer twice.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const fieldErrors = serverFieldErrors(err, DEPOSIT_FIELDS);
      form.setErrors(fieldErrors);
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
    form.reset();
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <TextField
        label="Amount (INR)"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`Minimum ${formatInrWhole(DEPOSIT_MIN_INR)}`}
        hint={`From ${formatInrWhole(DEPOSIT_MIN_INR)} to ${formatInrWhole(DEPOSIT_MAX_INR)} per request`}
        {...form.field('amount')}
      />
      <TextField
        label="UTR Number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. 412345678901"
        hint="The Unique Transaction Reference from your bank's confirmation"
        {...form.field('utrNumber')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Submitting...' : 'Submit Deposit Request'}
      </Button>
    </form>
  );
}
