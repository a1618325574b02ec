import type { ReactNode } from 'react';

/**
 * The landing page's hero (PRODUCT.md §2), without what needs the session or live prices:
 * those come in as `actions` and `card`. The build pre-renders it with placeholders into the
 * HTML of / (app/first-screens.tsx), so its text is the first paint, and the page renders the
 * same markup with the real buttons and card: the text does not move when React takes over.
 */
export function HomeHero({ actions, card }: { actions: ReactNode; card: ReactNode }) {
  return (
    <>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[560px] bg-[radial-gradient(ellipse_60%_70%_at_70%_0%,color-mix(in_oklab,var(--color-accent)_14%,transparent),transparent)]"
      />
      <section className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-14 pb-14 md:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-14">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            India&apos;s rupee-first crypto exchange
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-ink md:text-6xl">
            Buy, sell and store crypto in India
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted">
            Trade Bitcoin, Ethereum, USDT and more with rupees. Simple, secure and built for India.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
        </div>
        {card}
      </section>
    </>
  );
}
