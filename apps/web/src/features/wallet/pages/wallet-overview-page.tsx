import { Link } from 'react-router';
import type { SpotAssetBalance } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { YourAssetsCard } from '@/components/assets/your-assets-card.tsx';
import { WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';

/** Where each asset is deposited and withdrawn: INR by bank transfer, the chain's coins on chain. */
const MOVES: Record<string, { deposit: string; withdraw: string }> = {
  INR: { deposit: paths.dashboard.inrDeposit, withdraw: paths.dashboard.inrWithdraw },
  USDT: { deposit: paths.dashboard.cryptoDeposit, withdraw: paths.dashboard.cryptoWithdraw },
  ETH: { deposit: paths.dashboard.cryptoDeposit, withdraw: paths.dashboard.cryptoWithdraw },
};

function AssetActions({ asset }: { asset: SpotAssetBalance }) {
  const moves = MOVES[asset.asset];
  // Coins with no deposit or withdrawal yet (held from the spot exchange) are traded only.
  if (!moves) return <span className="text-xs text-subtle">Trade only</span>;
  return (
    <>
      <Link
        to={moves.deposit}
        className={buttonClasses('outline', 'sm')}
        aria-label={`Deposit ${asset.asset}`}
      >
        Deposit
      </Link>
      <Link
        to={moves.withdraw}
        className={buttonClasses('ghost', 'sm')}
        aria-label={`Withdraw ${asset.asset}`}
      >
        Withdraw
      </Link>
    </>
  );
}

/**
 * The wallet's landing page (/dashboard/wallet): everything the user holds, INR, USDT and every
 * coin from the spot exchange, each with what is free, in orders, held for withdrawals and its
 * value in INR; the deposit and withdraw pages are one click away.
 */
export default function WalletOverviewPage() {
  return (
    <WalletFrame
      title="Wallet"
      description="Everything you hold: what is free, what is in orders or held for withdrawals, and its value in INR."
    >
      <YourAssetsCard actions={(asset) => <AssetActions asset={asset} />} />
    </WalletFrame>
  );
}
