import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleSlash, Clock, QrCode, ServerOff } from 'lucide-react';
import { chainAssets, messages, type DepositAddressResponse } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { startKycHref } from '@/lib/kyc-link.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { cryptoWalletQueryOptions } from '@/features/wallet/api/get-crypto-wallet.ts';
import { useDepositAddress } from '@/features/wallet/api/get-deposit-address.ts';
import { CoinNetworkFields } from '@/features/wallet/components/coin-network-fields.tsx';
import { CryptoDepositAddress } from '@/features/wallet/components/crypto-deposit-address.tsx';
import { CryptoDepositFaucet } from '@/features/wallet/components/crypto-deposit-faucet.tsx';
import { CryptoDepositList } from '@/features/wallet/components/crypto-deposit-list.tsx';
import { CryptoUnavailable } from '@/features/wallet/components/crypto-unavailable.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';
import { assetNames, chainAssetOf, networksFor } from '@/features/wallet/lib/crypto-deposit.ts';
import {
  CRYPTO_COINS,
  EVM_FALLBACK_NAME,
  PROCESSING_TIMES,
  type CryptoCoin,
} from '@/features/wallet/lib/wallet-samples.ts';

const isCoin = (value: string): value is CryptoCoin => CRYPTO_COINS.some((c) => c.value === value);

/** Processing times: the server's rule for its chain, Bitcoin's networks not available yet. */
function ProcessingTimes({ wallet }: { wallet: DepositAddressResponse | undefined }) {
  const lines = [
    ...(wallet
      ? [
          {
            network: wallet.assets.join(' and '),
            time: `${wallet.minimumConfirmations} network confirmations on ${wallet.network}`,
          },
        ]
      : []),
    ...PROCESSING_TIMES,
  ];
  return (
    <Panel title="Processing Times" icon={Clock}>
      <dl className="space-y-3">
        {lines.map((p) => (
          <div key={p.network} className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
            <dt className="text-sm font-medium text-ink">{p.network}</dt>
            <dd className="mt-0.5 text-sm text-muted">{p.time}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/**
 * Crypto deposit (issue 15): the user's own address on the server's EVM chain for USDT and
 * ETH, as text and QR code, and their recent deposits counting confirmations live
 * (cryptoActivity → every ['crypto', …] query reloads). Only verified users get an address
 * (PMLA). Bitcoin is offered in the choice but has no address yet, and the page says so.
 */
export default function CryptoDepositPage() {
  const { user } = useAuth();
  const kycStatus = user && user.kycStatus !== 'verified' ? user.kycStatus : null;
  // No request for an unverified user: the server would only refuse it.
  const wallet = useDepositAddress({ enabled: !kycStatus });
  const evmName = wallet.data?.network ?? EVM_FALLBACK_NAME;
  const [coin, setCoin] = useState<CryptoCoin>('USDT');
  const networks = networksFor(coin, evmName);
  const [pickedNetwork, setNetwork] = useState<string>(networks[0]!.value);
  // A network of the coin chosen before stays chosen only if this coin has it too.
  const network = networks.some((n) => n.value === pickedNetwork)
    ? pickedNetwork
    : networks[0]!.value;

  const error = wallet.error instanceof ApiError ? wallet.error : null;
  // The server refused for KYC though the session said verified (it changed meanwhile).
  const kycRefused = error?.code === 'kyc_required';
  const chainDown = error?.code === 'chain_unavailable';
  const asset = chainAssetOf(coin);
  const data = wallet.data;
  // What the user holds, so a credit shows on this page: read only once the chain answered.
  const holdings = useQuery({ ...cryptoWalletQueryOptions(), enabled: Boolean(data) });
  const available = holdings.data?.assets.find((a) => a.asset === asset)?.available;

  let body: ReactNode;
  if (kycStatus || kycRefused) {
    body = (
      <KycRequiredPrompt
        className="mt-5"
        status={kycStatus ?? 'pending'}
        action={messages.cryptoWallet.kycRequired}
        startHref={startKycHref(paths.dashboard.cryptoDeposit)}
        rejectedReason={user?.kycRejectedReason}
      />
    );
  } else if (!asset) {
    body = (
      <CryptoUnavailable className="mt-5" icon={CircleSlash} title="Not available yet">
        {`Bitcoin deposits are not available yet. You can deposit ${assetNames(data?.assets ?? chainAssets)} on ${evmName}.`}
      </CryptoUnavailable>
    );
  } else if (chainDown) {
    body = (
      <CryptoUnavailable className="mt-5" icon={ServerOff} title="Crypto wallet unavailable">
        {`${messages.cryptoWallet.unavailable}. Please try again later.`}
      </CryptoUnavailable>
    );
  } else if (wallet.isError) {
    body = (
      <RetryAlert
        className="mt-5"
        message={errorMessage(wallet.error, 'Failed to fetch your deposit address')}
        onRetry={() => void wallet.refetch()}
      />
    );
  } else if (!data) {
    body = (
      <div className="mt-5 h-48 animate-shimmer rounded-xl bg-raised" role="status">
        <span className="sr-only">Loading your deposit address</span>
      </div>
    );
  } else if (!data.assets.includes(asset)) {
    body = (
      <CryptoUnavailable className="mt-5" icon={CircleSlash} title="Not available yet">
        {`${asset} deposits are not available yet. You can deposit ${assetNames(data.assets)} on ${data.network}.`}
      </CryptoUnavailable>
    );
  } else {
    body = (
      <CryptoDepositAddress
        coin={asset}
        address={data.address}
        network={data.network}
        assets={data.assets}
        confirmations={data.minimumConfirmations}
        available={available}
      />
    );
  }

  return (
    <WalletFrame
      title="Deposit Crypto"
      description="Receive USDT or ETH into your Sikka wallet at your own address."
    >
      {/*
        DOM order address → faucet → recent deposits → processing times suits phones (the
        deposit shows up right under the faucet that sent it). On wide screens the side column
        holds the faucet and the times, and the list sits under the address. Two columns only
        from xl: beside the dashboard's side menu, two at 1100 px left the first one about
        320 px, and the deposits table ran out of its panel.
      */}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,380px)] xl:grid-rows-[auto_auto_1fr]">
        <div className="xl:col-start-1 xl:row-span-2 xl:row-start-1">
          <Panel title="Deposit Address" icon={QrCode}>
            <CoinNetworkFields
              coin={coin}
              network={network}
              networks={networks}
              onCoin={(value) => {
                if (isCoin(value)) setCoin(value);
              }}
              onNetwork={setNetwork}
            />
            {body}
          </Panel>
        </div>
        {data?.faucet ? (
          <div className="xl:col-start-2 xl:row-start-1">
            <CryptoDepositFaucet assets={data.assets} />
          </div>
        ) : null}
        {data ? (
          <div className="xl:col-start-1 xl:row-start-3">
            <CryptoDepositList />
          </div>
        ) : null}
        <div
          className={
            data?.faucet
              ? 'xl:col-start-2 xl:row-span-2 xl:row-start-2'
              : 'xl:col-start-2 xl:row-span-3 xl:row-start-1'
          }
        >
          <ProcessingTimes wallet={data} />
        </div>
      </div>
    </WalletFrame>
  );
}
