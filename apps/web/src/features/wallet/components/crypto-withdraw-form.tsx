import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { sanitizeAmountInput, type ChainAssetState } from '@sikka/contracts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { createSubmissionKeys } from '@/lib/idempotency.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCreateChainWithdrawal } from '@/features/wallet/api/create-chain-withdrawal.ts';
import {
  CRYPTO_WITHDRAW_FIELDS,
  maxWithdrawable,
  toRequest,
  validateCryptoWithdraw,
  type CryptoWithdrawErrors,
  type CryptoWithdrawValues,
} from '@/features/wallet/lib/crypto-withdraw.ts';
import { CRYPTO_WITHDRAW_TEXT } from '@/features/wallet/lib/crypto-withdraw-text.ts';
import { CryptoWithdrawBeneficiary } from './crypto-withdraw-beneficiary.tsx';
import { CryptoWithdrawSummary } from './crypto-withdraw-summary.tsx';

const EMPTY: CryptoWithdrawValues = {
  address: '',
  amount: '',
  beneficiaryKind: '',
  beneficiaryName: '',
};

/**
 * Address, amount and the travel-rule declaration of one asset's withdrawal (issue 15). The
 * request holds amount + fee at once and waits for an admin; the balances come back with it.
 */
export function CryptoWithdrawForm({
  state,
  network,
}: {
  state: ChainAssetState;
  network: string;
}) {
  const [values, setValues] = useState<CryptoWithdrawValues>(EMPTY);
  const [errors, setErrors] = useState<CryptoWithdrawErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const keys = useRef(createSubmissionKeys()).current;
  const create = useCreateChainWithdrawal();
  const { setBalances, refreshBalances } = useAuth();

  function change(next: Partial<CryptoWithdrawValues>) {
    const merged = { ...values, ...next };
    setValues(merged);
    if (submitted) setErrors(validateCryptoWithdraw(merged, state));
    else {
      // A server message belongs to what was sent; editing that field clears it.
      const cleared = { ...errors };
      if ('address' in next) delete cleared.address;
      if ('amount' in next) delete cleared.amount;
      if ('beneficiaryKind' in next) delete cleared.beneficiary;
      if ('beneficiaryName' in next) delete cleared['beneficiary.name'];
      setErrors(cleared);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    const found = validateCryptoWithdraw(values, state);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const body = toRequest(state.asset, values);
    try {
      const answer = await create.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      setBalances(answer.balances);
    } catch (err) {
      // A server answer is final for this submission; a lost connection keeps the key, so
      // pressing submit again cannot file the same withdrawal twice.
      if (err instanceof ApiError && err.fromServer) keys.settle();
      const fieldErrors = serverFieldErrors(err, CRYPTO_WITHDRAW_FIELDS);
      setErrors(fieldErrors);
      // The server's words are now at the fields; the form re-checks only on the next submit.
      setSubmitted(false);
      toast.error(
        Object.values(fieldErrors)[0] ?? errorMessage(err, CRYPTO_WITHDRAW_TEXT.submitFailed),
      );
      if (err instanceof ApiError && err.fromServer) void refreshBalances();
      return;
    }
    keys.settle();
    toast.success(CRYPTO_WITHDRAW_TEXT.submitted(body.amount, state.asset));
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
  }

  const max = maxWithdrawable(state);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <TextField
        label="Recipient Address"
        name="address"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="0x…"
        hint={`A ${state.asset} address on ${network}. Coins sent to a wrong address cannot be recovered.`}
        className="[&_input]:font-mono [&_input]:text-sm"
        value={values.address}
        error={errors.address}
        onChange={(e) => change({ address: e.target.value })}
      />
      <TextField
        label={`Amount (${state.asset})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={values.amount}
        error={errors.amount}
        onChange={(e) => change({ amount: sanitizeAmountInput(e.target.value, state.places) })}
        trailing={
          <Button
            size="sm"
            variant="ghost"
            className="h-8 px-2.5 text-accent"
            disabled={max === '0'}
            aria-label={`Max: ${max} ${state.asset}`}
            onClick={() => change({ amount: max })}
          >
            Max
          </Button>
        }
      />
      <CryptoWithdrawBeneficiary
        kind={values.beneficiaryKind}
        name={values.beneficiaryName}
        kindError={errors.beneficiary}
        nameError={errors['beneficiary.name']}
        onKind={(beneficiaryKind) => change({ beneficiaryKind })}
        onName={(beneficiaryName) => change({ beneficiaryName })}
      />
      <CryptoWithdrawSummary state={state} amount={values.amount} />
      <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Submitting...' : `Withdraw ${state.asset}`}
      </Button>
    </form>
  );
}
