import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleSlash, Send, ServerOff } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { startKycHref } from '@/lib/kyc-link.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useCryptoWallet } from '@/features/wallet/api/get-crypto-wallet.ts';
import {
  CryptoWithdrawAssetFields,
  isChainAsset,
  networkLabel,
  type WithdrawCoin,
  type WithdrawNetwork,
} from '@/features/wallet/components/crypto-withdraw-asset-fields.tsx';
import { CryptoWithdrawForm } from '@/features/wallet/components/crypto-withdraw-form.tsx';
import { CryptoWithdrawList } from '@/features/wallet/components/crypto-withdraw-list.tsx';
import {
  CryptoBalances,
  CryptoLimits,
} from '@/features/wallet/components/crypto-withdraw-summary.tsx';
import { CryptoUnavailable } from '@/features/wallet/components/crypto-unavailable.tsx';
import { Notices } from '@/features/wallet/components/notices.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';
import { CRYPTO_WITHDRAW_TEXT } from '@/features/wallet/lib/crypto-withdraw-text.ts';
import { formatCoin } from '@/features/wallet/lib/crypto-withdraw.ts';
import { EVM_FALLBACK_NAME } from '@/features/wallet/lib/wallet-samples.ts';

/**
 * Crypto withdraw (issue 15): USDT and ETH to an outside address on the server's EVM network.
 * The request holds amount + fee and waits for an admin; once approved the server signs and
 * broadcasts it, and each step reaches this page live (cryptoActivity → every ['crypto', …]
 * query reloads). Only verified users may withdraw (PMLA); BTC and Lightning are not offered.
 */
export default function CryptoWithdrawPage() {
  const { user } = useAuth();
  const [choice, setChoice] = useState<{ coin: WithdrawCoin; network: WithdrawNetwork }>({
    coin: 'USDT',
    network: 'evm',
  });
  const kycStatus = user && user.kycStatus !== 'verified' ? user.kycStatus : null;
  const wallet = useCryptoWallet({ enabled: !kycStatus });
  useRefetchOnUsdtChange();
  const evmName = wallet.data?.network ?? EVM_FALLBACK_NAME;
  const error = wallet.error instanceof ApiError ? wallet.error : null;
  // The server refused for KYC though the session said verified (it changed meanwhile).
  const kycRefused = error?.code === 'kyc_required';
  const chainDown = error?.code === 'chain_unavailable';
  const { coin, network } = choice;
  const state =
    isChainAsset(coin) && network === 'evm'
      ? wallet.data?.assets.find((a) => a.asset === coin)
      : undefined;

  let body: ReactNode;
  if (kycStatus || kycRefused) {
    body = (
      <KycRequiredPrompt
        status={kycStatus ?? 'pending'}
        action={messages.cryptoWithdrawals.kycRequired}
        startHref={startKycHref(paths.dashboard.cryptoWithdraw)}
        rejectedReason={user?.kycRejectedReason}
      />
    );
  } else if (chainDown) {
    body = (
      <CryptoUnavailable icon={ServerOff} title={CRYPTO_WITHDRAW_TEXT.unavailable}>
        {error.message}
      </CryptoUnavailable>
    );
  } else if (!isChainAsset(coin) || network !== 'evm') {
    body = (
      <CryptoUnavailable icon={CircleSlash} title="Not available yet">
        {isChainAsset(coin)
          ? `${coin} cannot be sent on the ${networkLabel(network, evmName)} yet. Choose ${evmName} to withdraw ${coin}.`
          : `${coin} withdrawals on the ${networkLabel(network, evmName)} are not available yet. You can withdraw USDT and ETH on ${evmName}.`}
      </CryptoUnavailable>
    );
  } else if (wallet.isError) {
    body = (
      <RetryAlert
        message={errorMessage(wallet.error, CRYPTO_WITHDRAW_TEXT.walletFailed)}
        onRetry={() => void wallet.refetch()}
      />
    );
  } else if (!state) {
    body = (
      <div className="h-72 animate-shimmer rounded-xl bg-raised" role="status">
        <span className="sr-only">Loading crypto wallet</span>
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        <CryptoBalances state={state} />
        <CryptoWithdrawForm key={state.asset} state={state} network={evmName} />
        <div>
          <h3 className="mb-2 text-sm font-medium text-muted">Withdrawal limits</h3>
          <CryptoLimits state={state} />
        </div>
      </div>
    );
  }

  const verified = !kycStatus && !kycRefused && !chainDown;
  return (
    <WalletFrame
      title="Withdraw Crypto"
      description="Send crypto from your Sikka wallet to another address."
    >
      {/*
        Two columns only from xl, as on the crypto deposit page: at lg, beside the dashboard's
        side menu, the first one was too narrow for its fields and lists.
      */}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <div className="xl:col-start-1 xl:row-start-1">
          <Panel title="Withdrawal Details" icon={Send}>
            <div className="mb-5">
              <CryptoWithdrawAssetFields
                coin={coin}
                network={network}
                evmName={evmName}
                onChange={setChoice}
              />
            </div>
            {body}
          </Panel>
        </div>
        <div className="xl:col-start-2 xl:row-start-1">
          <Notices
            items={[
              `Only USDT and ETH on ${evmName} can be withdrawn. BTC and Lightning are coming later.`,
              state
                ? `Sikka charges a flat network fee of ${formatCoin(state.fee, state.asset)} and pays the chain's gas itself. The fee is added to the amount, so the recipient gets the full amount.`
                : "Sikka charges a flat network fee per withdrawal and pays the chain's gas itself.",
              'Every withdrawal is reviewed before it is sent; you can cancel while it is pending review.',
              'Transfers on the chain cannot be reversed. Check the address before you confirm.',
              'Send only to a wallet address: smart contracts, including contract wallets, are refused.',
              "Indian rules (FIU-IND's travel rule) ask whose wallet receives the coins.",
            ]}
          />
        </div>
        {verified ? (
          // Full width: addresses, hashes and "Sent 1/3 confirmations" need more than the
          // form's column.
          <div className="xl:col-span-2 xl:row-start-2">
            <CryptoWithdrawList />
          </div>
        ) : null}
      </div>
    </WalletFrame>
  );
}

/**
 * The USDT balance in the header moves on its own realtime event (a hold released by a
 * rejection, a deposit credited); re-reading the crypto queries then keeps this page in step
 * even if that event arrives before the cryptoActivity one.
 */
function useRefetchOnUsdtChange() {
  const { usdtBalance } = useAuth();
  const queryClient = useQueryClient();
  const last = useRef(usdtBalance);
  useEffect(() => {
    if (usdtBalance === last.current) return;
    last.current = usdtBalance;
    void queryClient.invalidateQueries({ queryKey: ['crypto'] });
  }, [usdtBalance, queryClient]);
}
