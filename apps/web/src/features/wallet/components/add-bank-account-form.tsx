import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAddBankAccount } from '@/features/wallet/api/add-bank-account.ts';
import {
  BANK_ACCOUNT_FIELDS,
  validateBankAccount,
  type BankAccountFormErrors,
  type BankAccountFormValues,
} from '@/features/wallet/lib/bank-account-validation.ts';

const EMPTY: BankAccountFormValues = {
  accountNumber: '',
  ifscCode: '',
  bankName: '',
  accountHolderName: '',
};

const FORM_FIELDS = new Set<string>(BANK_ACCOUNT_FIELDS);

/** Adds a payout account in the user's own name; it is usable once the admin verifies it. */
export function AddBankAccountForm() {
  const [values, setValues] = useState<BankAccountFormValues>(EMPTY);
  const [errors, setErrors] = useState<BankAccountFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const add = useAddBankAccount();

  function change(field: keyof BankAccountFormValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateBankAccount(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    setSubmitted(true);
    const found = validateBankAccount(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await add.mutateAsync({
        accountNumber: values.accountNumber.trim(),
        ifscCode: values.ifscCode.trim().toUpperCase(),
        bankName: values.bankName.trim(),
        accountHolderName: values.accountHolderName.trim(),
      });
    } catch (err) {
      const fieldErrors =
        err instanceof ApiError
          ? Object.fromEntries(Object.entries(err.fields).filter(([k]) => FORM_FIELDS.has(k)))
          : {};
      setErrors(fieldErrors);
      // A duplicate or a refusal without a field is told in the server's words.
      if (Object.keys(fieldErrors).length === 0) {
        toast.error(errorMessage(err, messages.bankAccounts.addFailed));
      }
      return;
    }
    toast.success(messages.bankAccounts.added);
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
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
        name="accountHolderName"
        autoComplete="name"
        placeholder="As printed on your passbook"
        value={values.accountHolderName}
        error={errors.accountHolderName}
        onChange={(e) => change('accountHolderName', e.target.value)}
      />
      <TextField
        label="Bank Name"
        name="bankName"
        autoComplete="off"
        placeholder="e.g. HDFC Bank"
        value={values.bankName}
        error={errors.bankName}
        onChange={(e) => change('bankName', e.target.value)}
      />
      <TextField
        label="Account Number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        placeholder="9 to 18 digits"
        value={values.accountNumber}
        error={errors.accountNumber}
        onChange={(e) => change('accountNumber', e.target.value)}
      />
      <TextField
        label="IFSC Code"
        name="ifscCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="e.g. HDFC0001234"
        value={values.ifscCode}
        error={errors.ifscCode}
        onChange={(e) => change('ifscCode', e.target.value.toUpperCase())}
      />
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Bank Account'}
        </Button>
      </div>
    </form>
  );
}
