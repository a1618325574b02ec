import { useState, type FormEvent } from 'react';
import { Receipt, Send } from 'lucide-react';
import { sanitizeAmountInput, USDT_DECIMALS } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { announceComingSoon } from '@/features/wallet/lib/coming-soon.ts';
import {
  CRYPTO_COINS,
  CRYPTO_NETWORKS,
  WITHDRAWAL_FEES,
} from '@/features/wallet/lib/wallet-samples.ts';
import { CoinNetworkFields } from '@/features/wallet/components/coin-network-fields.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';

/** Crypto withdraw: coin, network, address, amount; static and unwired, with the fees. */
export default function CryptoWithdrawPage() {
  const [coin, setCoin] = useState<string>(CRYPTO_COINS[0].value);
  const [network, setNetwork] = useState<string>(CRYPTO_NETWORKS[0].value);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    announceComingSoon('Crypto withdrawals');
  }

  return (
    <WalletFrame
      title="Withdraw Crypto"
      description="Send crypto from your Sikka wallet to another address."
    >
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <Panel title="Withdrawal Details" icon={Send}>
          <form onSubmit={onSubmit} className="space-y-4">
            <CoinNetworkFields
              coin={coin}
              network={network}
              onCoin={setCoin}
              onNetwork={setNetwork}
            />
            <TextField
              label="Recipient Address"
              name="address"
              autoComplete="off"
              spellCheck={false}
              placeholder={network === 'lightning' ? 'Lightning invoice or address' : 'bc1…'}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
            <TextField
              label={`Amount (${coin})`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              onChange={(e) => setAmount(sanitizeAmountInput(e.target.value, USDT_DECIMALS))}
            />
            <Button type="submit" size="lg" className="w-full">
              Withdraw
            </Button>
          </form>
        </Panel>
        <Panel title="Fees" icon={Receipt}>
          <dl className="space-y-3">
            {WITHDRAWAL_FEES.map((f) => (
              <div
                key={f.network}
                className="flex items-center justify-between rounded-xl border border-line bg-canvas/60 px-4 py-3"
              >
                <dt className="text-sm text-muted">{f.network} withdrawal fee</dt>
                <dd className="text-sm font-semibold tabular-nums text-ink">{f.fee}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-subtle">
            Network fees are paid to the network, not to Sikka, and are taken from the amount you
            send.
          </p>
        </Panel>
      </div>
    </WalletFrame>
  );
}
