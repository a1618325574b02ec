import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAddBankAccount } from '@/features/wallet/api/add-bank-account.ts';
import {
  BANK_ACCOUNT_FIELDS,
  validateBankAccount,
  type BankAccountFormValues,
} from '@/features/wallet/lib/bank-account-validation.ts';

const EMPTY: BankAccountFormValues = {
  accountNumber: '',
  ifscCode: '',
  bankName: '',
  accountHolderName: '',
};

/** Adds a payout account in the user's own name; it is usable once the admin verifies it. */
export function AddBankAccountForm() {
  const form = useFormFields({ empty: EMPTY, validate: validateBankAccount });
  const add = useAddBankAccount();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending || !form.check()) return;
    const { values } = form;
    try {
      await add.mutateAsync({
        accountNumber: values.accountNumber.trim(),
        ifscCode: values.ifscCode.trim().toUpperCase(),
        bankName: values.bankName.trim(),
        accountHolderName: values.accountHolderName.trim(),
      });
    } catch (err) {
      const fieldErrors = serverFieldErrors(err, BANK_ACCOUNT_FIELDS);
      form.setErrors(fieldErrors);
      // A duplicate or a refusal without a field is told in the server's words.
      if (Object.keys(fieldErrors).length === 0) {
        toast.error(errorMessage(err, messages.bankAccounts.addFailed));
      }
      return;
    }
    toast.success(messages.bankAccounts.added);
    form.reset();
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Add bank account"
    >
      <TextField
        label="Account Holder Name"
        autoComplete="name"
        placeholder="As printed on your passbook"
        {...form.field('accountHolderName')}
      />
      <TextField
        label="Bank Name"
        autoComplete="off"
        placeholder="e.g. HDFC Bank"
        {...form.field('bankName')}
      />
      <TextField
        label="Account Number"
        inputMode="numeric"
        autoComplete="off"
        placeholder="9 to 18 digits"
        {...form.field('accountNumber')}
      />
      <TextField
        label="IFSC Code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. HDFC0001234"
        {...form.field('ifscCode', (raw) => raw.toUpperCase())}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Bank Account'}
        </Button>
      </div>
    </form>
  );
}
