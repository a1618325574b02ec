import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';
import { CRYPTO_COINS, CRYPTO_NETWORKS } from '@/features/wallet/lib/wallet-samples.ts';

/**
 * The coin and network choice both crypto wallet pages start with, side by side. `networks`
 * narrows the network list to what the chosen coin moves on (the deposit page passes the
 * server's EVM network for USDT and ETH); Bitcoin's networks by default.
 */
export function CoinNetworkFields({
  coin,
  network,
  onCoin,
  onNetwork,
  networks = CRYPTO_NETWORKS,
}: {
  coin: string;
  network: string;
  onCoin(coin: string): void;
  onNetwork(network: string): void;
  networks?: ReadonlyArray<SelectOption>;
}) {
  // The network gets the wider share: its names run long ('Ethereum (local dev chain)'),
  // the coins' do not.
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
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
        options={networks}
        value={network}
        onChange={(e) => onNetwork(e.target.value)}
      />
    </div>
  );
}
