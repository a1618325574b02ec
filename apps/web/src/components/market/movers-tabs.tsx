import { memo } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { Coin } from '@sikka/contracts';
import { MoversList } from './movers-list.tsx';

export interface MoversTab {
  value: string;
  label: string;
  coins: readonly Coin[];
}

/**
 * Radix tabs over lists of five, e.g. Top Gainers / Top Losers in the home hero. Its own module,
 * so pages that show the lists without tabs (/markets) do not load Radix Tabs.
 */
export const MoversTabs = memo(function MoversTabs({
  tabs,
  loading,
  label,
  className,
}: {
  tabs: readonly MoversTab[];
  loading: boolean;
  label: string;
  className?: string;
}) {
  return (
    <Tabs.Root defaultValue={tabs[0]?.value} className={className}>
      <Tabs.List aria-label={label} className="flex gap-1 rounded-xl bg-canvas/60 p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={clsx(
              'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-muted transition-colors',
              'hover:text-ink data-[state=active]:bg-raised data-[state=active]:text-ink data-[state=active]:shadow',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="mt-2 outline-none">
          <MoversList coins={tab.coins} loading={loading} label={tab.label} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
});
