import { SelectField } from '@/components/ui/select-field.tsx';
import { CRYPTO_COINS, CRYPTO_NETWORKS } from '@/features/wallet/lib/wallet-samples.ts';

/** The coin and network choice both crypto wallet pages start with, side by side. */
export function CoinNetworkFields({
  coin,
  network,
  onCoin,
  onNetwork,
}: {
  coin: string;
  network: string;
  onCoin(coin: string): void;
  onNetwork(network: string): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Coin"
        name="coin"
        options={CRYPTO_COINS}
        value={coin}
        onChange={(e) => onCoin(e.target.value)}
      />
      <SelectField
        label="Network"
        name="network"
        options={CRYPTO_NETWORKS}
        value={network}
        onChange={(e) => onNetwork(e.target.value)}
      />
    </div>
  );
}
