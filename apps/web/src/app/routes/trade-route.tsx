import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import TradePage from '@/features/trade/pages/trade-page.tsx';
import { SpotExchange } from '@/features/spot/components/spot-exchange.tsx';

/**
 * /trade: the trade page, with the spot exchange's book, form and orders when the server runs
 * it (SPOT_TRADING=on); exactly the spec's page (demo book, 'Coming Soon!' form) when not, or
 * when the question cannot be answered.
 */
export default function TradeRoute() {
  const markets = useSpotMarkets();
  if (markets.isPending) {
    return (
      <div className="mx-auto w-full max-w-[100rem] p-3 md:p-4">
        <div role="status" aria-label="Loading markets" className="grid gap-3">
          <SkeletonBlock className="h-20" />
          <SkeletonBlock className="h-[28rem]" />
        </div>
      </div>
    );
  }
  return <TradePage exchange={markets.data?.enabled ? SpotExchange : undefined} />;
}
