import { useState } from 'react';
import { Clock, QrCode, TriangleAlert } from 'lucide-react';
import { CopyButton } from '@/features/wallet/components/copy-button.tsx';
import { CoinNetworkFields } from '@/features/wallet/components/coin-network-fields.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';
import {
  CRYPTO_COINS,
  CRYPTO_NETWORKS,
  PROCESSING_TIMES,
  SAMPLE_DEPOSIT_ADDRESS,
  type CryptoNetwork,
} from '@/features/wallet/lib/wallet-samples.ts';

/** Crypto deposit: coin, network, a fixed sample address with copy, processing times. */
export default function CryptoDepositPage() {
  const [coin, setCoin] = useState<string>(CRYPTO_COINS[0].value);
  const [network, setNetwork] = useState<CryptoNetwork>('bitcoin');
  const address = SAMPLE_DEPOSIT_ADDRESS[network];
  const networkLabel = CRYPTO_NETWORKS.find((n) => n.value === network)?.label ?? '';

  return (
    <WalletFrame
      title="Deposit Crypto"
      description="Receive BTC, ETH or USDT into your Sikka wallet."
    >
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <Panel title="Deposit Address" icon={QrCode}>
          <CoinNetworkFields
            coin={coin}
            network={network}
            onCoin={setCoin}
            onNetwork={(value) => setNetwork(value as CryptoNetwork)}
          />
          <div className="mt-5">
            <p id="deposit-address-label" className="mb-1.5 text-sm font-medium text-ink">
              {coin} deposit address ({networkLabel})
            </p>
            <div className="flex items-center gap-2 rounded-lg border border-line bg-canvas py-1 pr-1 pl-3.5">
              <code
                aria-labelledby="deposit-address-label"
                className="min-w-0 flex-1 font-mono text-sm break-all text-ink"
                data-testid="deposit-address"
              >
                {address}
              </code>
              <CopyButton value={address} label="Deposit address" />
            </div>
          </div>
          <p className="mt-4 flex gap-2 rounded-lg border border-accent/25 bg-accent/[0.06] p-3 text-sm text-muted">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <span>
              This is a sample address for this demo. Do not send real funds to it. Send only {coin}{' '}
              on the {networkLabel}; other coins or networks may be lost.
            </span>
          </p>
        </Panel>
        <Panel title="Processing Times" icon={Clock}>
          <dl className="space-y-3">
            {PROCESSING_TIMES.map((p) => (
              <div key={p.network} className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
                <dt className="text-sm font-medium text-ink">{p.network}</dt>
                <dd className="mt-0.5 text-sm text-muted">{p.time}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      </div>
    </WalletFrame>
  );
}
