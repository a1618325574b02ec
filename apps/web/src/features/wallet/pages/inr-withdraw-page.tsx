import { useState, type FormEvent } from 'react';
import { Landmark } from 'lucide-react';
import { INR_DECIMALS, sanitizeAmountInput } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { announceComingSoon } from '@/features/wallet/lib/coming-soon.ts';
import { SAMPLE_PAYOUT_ACCOUNTS } from '@/features/wallet/lib/wallet-samples.ts';
import { Notices } from '@/features/wallet/components/notices.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';

/** INR withdraw: the spec's static form (amount, payout account, Withdraw Now), not wired. */
export default function InrWithdrawPage() {
  const { balance } = useAuth();
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState<string>(SAMPLE_PAYOUT_ACCOUNTS[0].value);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    announceComingSoon('INR withdrawals');
  }

  return (
    <WalletFrame
      title="Withdraw INR"
      description="Send rupees from your Sikka balance to your bank account."
    >
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <Panel title="Withdrawal Details" icon={Landmark}>
          <div className="mb-5 flex items-center justify-between rounded-xl border border-line bg-canvas/60 px-4 py-3">
            <span className="text-sm text-muted">Available balance</span>
            <span className="font-semibold tabular-nums text-ink">{formatInr(balance)}</span>
          </div>
          <form onSubmit={onSubmit} className="space-y-4">
            <TextField
              label="Amount (INR)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="Enter amount"
              value={amount}
              onChange={(e) => setAmount(sanitizeAmountInput(e.target.value, INR_DECIMALS))}
            />
            <SelectField
              label="Bank Account"
              name="bankAccount"
              options={SAMPLE_PAYOUT_ACCOUNTS}
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              hint="Sample accounts for this demo"
            />
            <Button type="submit" size="lg" className="w-full">
              Withdraw Now
            </Button>
          </form>
        </Panel>
        <Notices
          items={[
            'Withdrawals are processed within 30 minutes during banking hours.',
            'Withdrawals go only to a bank account in your own name.',
            'Online INR withdrawals are being prepared and will be available soon.',
          ]}
        />
      </div>
    </WalletFrame>
  );
}
