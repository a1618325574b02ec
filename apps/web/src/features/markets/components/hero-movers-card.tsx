import { useMemo } from 'react';
import { clsx } from 'clsx';
import { Activity } from 'lucide-react';
import { HERO_ENTRANCE_MS } from '@sikka/contracts';
import { topGainers, topLosers } from '@/components/market/market-sort.ts';
import { deferred } from '@/components/deferred.tsx';
import { MoversList } from '@/components/market/movers-list.tsx';
import type { MoversTab } from '@/components/market/movers-tabs.tsx';
import { SimulatedBadge } from '@/components/market/simulated-badge.tsx';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';
import { useStableList } from '@/hooks/use-stable-list.ts';
import { useEntrance } from '@/features/markets/hooks/use-entrance.ts';

/**
 * Radix Tabs and what it brings (~11 KB gzip) load after the home page's own code, not before
 * its first render: the card rises in only after HERO_ENTRANCE_MS, and until the tabs are
 * here it shows the same strip and the first list without the tab behaviour.
 */
const MoversTabs = deferred(async () => ({
  default: (await import('@/components/market/movers-tabs.tsx')).MoversTabs,
}));

/** What the tabs look like with the first one selected, while their code loads. */
function MoversTabsPlaceholder({
  tabs,
  loading,
}: {
  tabs: readonly MoversTab[];
  loading: boolean;
}) {
  const first = tabs[0];
  return (
    <div>
      <div aria-hidden="true" className="flex gap-1 rounded-xl bg-canvas/60 p-1">
        {tabs.map((tab) => (
          <span
            key={tab.value}
            className={clsx(
              'flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold',
              tab === first ? 'bg-raised text-ink shadow' : 'text-muted',
            )}
          >
            {tab.label}
          </span>
        ))}
      </div>
      {first ? (
        <div className="mt-2">
          <MoversList coins={first.coins} loading={loading} label={first.label} />
        </div>
      ) : null}
    </div>
  );
}

/** The hero's live card: Top Gainers / Top Losers, five each by 24 h change, rising in after 500 ms. */
export function HeroMoversCard() {
  const { coins, loading } = useCrypto();
  const entered = useEntrance(HERO_ENTRANCE_MS);
  const gainers = useStableList(useMemo(() => topGainers(coins), [coins]));
  const losers = useStableList(useMemo(() => topLosers(coins), [coins]));
  const tabs = useMemo(
    () => [
      { value: 'gainers', label: 'Top Gainers', coins: gainers },
      { value: 'losers', label: 'Top Losers', coins: losers },
    ],
    [gainers, losers],
  );
  return (
    <div
      data-testid="hero-movers"
      data-entered={entered}
      className={clsx(
        'rounded-2xl border border-line-strong bg-surface/90 p-4 shadow-2xl shadow-black/30 backdrop-blur md:p-5',
        'motion-safe:transition-[opacity,translate] motion-safe:duration-700 motion-safe:ease-out',
        entered ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0',
      )}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink">
          <Activity className="size-4 text-accent" aria-hidden="true" />
          Today&apos;s movers
        </p>
        <SimulatedBadge align="right" />
      </div>
      <MoversTabs
        tabs={tabs}
        loading={loading}
        label="Today's movers"
        fallback={<MoversTabsPlaceholder tabs={tabs} loading={loading} />}
        failed={() => <MoversTabsPlaceholder tabs={tabs} loading={loading} />}
      />
    </div>
  );
}
