import { useMemo } from 'react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { MarketOverview } from '@/components/market/market-overview.tsx';
import { topGainers, topLosers } from '@/components/market/market-sort.ts';
import { MoversList } from '@/components/market/movers-list.tsx';
import { SimulatedBadge } from '@/components/market/simulated-badge.tsx';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';
import { useStableList } from '@/hooks/use-stable-list.ts';
import { MarketsIntro } from '@/features/markets/components/markets-intro.tsx';

/** /markets (PRODUCT.md §2): 'Market Overview', five gainers, five losers, the full table. */
export default function MarketsPage() {
  const { coins, loading } = useCrypto();
  // Same arrays while the five are unchanged: the lists skip the ticks that do not touch them.
  const gainers = useStableList(useMemo(() => topGainers(coins), [coins]));
  const losers = useStableList(useMemo(() => topLosers(coins), [coins]));
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6 md:py-14">
      <MarketsIntro badge={<SimulatedBadge />} />

      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="gainers-heading"
          className="rounded-2xl border border-line bg-surface px-5 pt-5 pb-2"
        >
          <h2 id="gainers-heading" className="flex items-center gap-2 font-semibold text-ink">
            <TrendingUp className="size-5 text-up" aria-hidden="true" />
            Top Gainers
          </h2>
          <MoversList coins={gainers} loading={loading} label="Top Gainers" />
        </section>
        <section
          aria-labelledby="losers-heading"
          className="rounded-2xl border border-line bg-surface px-5 pt-5 pb-2"
        >
          <h2 id="losers-heading" className="flex items-center gap-2 font-semibold text-ink">
            <TrendingDown className="size-5 text-down" aria-hidden="true" />
            Top Losers
          </h2>
          <MoversList coins={losers} loading={loading} label="Top Losers" />
        </section>
      </div>

      <MarketOverview
        heading="All Markets"
        variant="full"
        showSourceBadge={false}
        className="mt-8"
      />
    </div>
  );
}
