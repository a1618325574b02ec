import { chainAssets, type ChainAsset } from '@sikka/contracts';
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';

/**
 * The withdraw page's own coin and network model: USDT and ETH go out on the server's EVM
 * network ('evm', named by the server); BTC and Lightning are listed so the page can say they
 * are not available yet, never offered as a working form.
 */
export type WithdrawCoin = ChainAsset | 'BTC';
export type WithdrawNetwork = 'evm' | 'bitcoin' | 'lightning';

export const WITHDRAW_COINS: ReadonlyArray<{ value: WithdrawCoin; label: string }> = [
  { value: 'USDT', label: 'Tether (USDT)' },
  { value: 'ETH', label: 'Ethereum (ETH)' },
  { value: 'BTC', label: 'Bitcoin (BTC)' },
];

const OTHER_NETWORKS: ReadonlyArray<{ value: WithdrawNetwork; label: string }> = [
  { value: 'bitcoin', label: 'Bitcoin Network' },
  { value: 'lightning', label: 'Lightning Network' },
];

export const isChainAsset = (coin: WithdrawCoin): coin is ChainAsset =>
  (chainAssets as readonly string[]).includes(coin);

/** The network a coin goes out on by default: its own chain. */
export const defaultNetwork = (coin: WithdrawCoin): WithdrawNetwork =>
  isChainAsset(coin) ? 'evm' : 'bitcoin';

export function networkLabel(network: WithdrawNetwork, evmName: string): string {
  return network === 'evm'
    ? evmName
    : (OTHER_NETWORKS.find((n) => n.value === network)?.label ?? '');
}

/** Coin and network side by side; choosing a coin moves the network to that coin's chain. */
export function CryptoWithdrawAssetFields({
  coin,
  network,
  evmName,
  onChange,
}: {
  coin: WithdrawCoin;
  network: WithdrawNetwork;
  /** The server's network name, e.g. 'Ethereum (local dev chain)'. */
  evmName: string;
  onChange(next: { coin: WithdrawCoin; network: WithdrawNetwork }): void;
}) {
  const networks: SelectOption[] = [{ value: 'evm', label: evmName }, ...OTHER_NETWORKS];
  return (
    // The network takes the wider share: the server names it in full ("Ethereum (local dev chain)").
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <SelectField
        label="Coin"
        name="coin"
        options={WITHDRAW_COINS}
        value={coin}
        onChange={(e) => {
          const next = WITHDRAW_COINS.find((c) => c.value === e.target.value)?.value ?? 'USDT';
          onChange({ coin: next, network: defaultNetwork(next) });
        }}
      />
      <SelectField
        label="Network"
        name="network"
        options={networks}
        value={network}
        onChange={(e) => {
          const next = (['evm', 'bitcoin', 'lightning'] as const).find((n) => n === e.target.value);
          onChange({ coin, network: next ?? 'evm' });
        }}
      />
    </div>
  );
}
