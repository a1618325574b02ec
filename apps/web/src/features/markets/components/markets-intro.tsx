import type { ReactNode } from 'react';

/**
 * The top of /markets (PRODUCT.md §2): its title and intro text, pre-rendered by the build
 * into the HTML of /markets (app/first-screens.tsx) and rendered the same by the page.
 */
export function MarketsIntro({ badge }: { badge?: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">Market Overview</h1>
        {badge}
      </div>
      <p className="mt-3 max-w-2xl text-base text-muted">
        Live INR prices for every coin on Sikka, updated every second, with the day&apos;s top
        gainers and losers.
      </p>
    </>
  );
}
