import { BadgeCheck } from 'lucide-react';
import { MarketOverview } from '@/components/market/market-overview.tsx';
import { useUsdtInrPrice } from '@/hooks/use-usdt-inr-price.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import { useOverview } from '@/features/dashboard/api/get-overview.ts';
import { BalanceCards } from '@/features/dashboard/components/balance-cards.tsx';
import { KycBanner } from '@/features/dashboard/components/kyc-banner.tsx';
import { QuickActions } from '@/features/dashboard/components/quick-actions.tsx';
import { YourAssetsCard } from '@/components/assets/your-assets-card.tsx';
import { greetingFor } from '@/features/dashboard/lib/greeting.ts';

/** Dashboard overview (PRODUCT.md §2): KYC prompt, balances, PnL, quick actions, markets. */
export default function OverviewPage() {
  const { user, balance, heldBalance, usdtBalance } = useAuth();
  const { price } = useUsdtInrPrice();
  const overview = useOverview();
  // The spot exchange's per-asset balances, only where the server runs it.
  const spot = useSpotMarkets();
  if (!user) return null;
  const verified = user.kycStatus === 'verified';
  return (
    <div className="w-full space-y-5 px-4 py-6 md:py-8 md:pl-8">
      <header>
        <p className="text-sm text-muted">{greetingFor(user.createdAt, Date.now())}</p>
        <h1 className="mt-0.5 flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-ink md:text-3xl">
          <span className="min-w-0 break-words">{user.fullName}</span>
          {verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-up/12 px-2.5 py-1 text-xs font-semibold text-up ring-1 ring-up/30 ring-inset">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </span>
          ) : null}
        </h1>
      </header>
      {user.kycStatus !== 'verified' ? (
        <KycBanner status={user.kycStatus} rejectedReason={user.kycRejectedReason} />
      ) : null}
      <BalanceCards
        inr={balance}
        inrHeld={heldBalance}
        usdt={usdtBalance}
        usdtInrPrice={price}
        overview={overview.data}
      />
      {spot.data?.enabled ? <YourAssetsCard /> : null}
      <QuickActions />
      <MarketOverview heading="Markets" />
    </div>
  );
}
