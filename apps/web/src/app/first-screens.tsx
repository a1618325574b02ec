import type { ComponentType, ReactNode } from 'react';
import { AppSkeleton, HeaderSkeleton } from '@/components/layout/app-skeleton.tsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { HomeHero } from '@/features/markets/components/home-hero.tsx';
import { MarketsIntro } from '@/features/markets/components/markets-intro.tsx';

/**
 * The start-up skeleton of PRODUCT.md §2 with the page's own text in it, for the two pages
 * most visits start on. The build renders these into the HTML of / and /markets
 * (vite.config.ts, `prerenderFirstScreens`) and the server sends that HTML for those paths,
 * so the headline is painted before any script has loaded (Lighthouse's largest contentful
 * paint; docs/performance.md, part 5). React then shows the same markup for the rest of the
 * skeleton's 1.5 s, and the page after it, whose text sits where it was.
 */
function FirstScreen({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-label="Loading Sikka" className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <HeaderSkeleton />
      <div className="flex flex-1 flex-col">{children}</div>
      <span className="sr-only">Loading Sikka…</span>
    </div>
  );
}

export function HomeFirstScreen() {
  return (
    <FirstScreen>
      <div className="relative overflow-hidden">
        <HomeHero
          actions={
            <>
              <SkeletonBlock className="h-12 w-[10.5rem]" />
              <SkeletonBlock className="h-12 w-[11.75rem]" />
            </>
          }
          // The buttons' and the live card's sizes, so the text beside them stays put.
          card={<SkeletonBlock className="h-[28.5rem] rounded-2xl" />}
        />
      </div>
    </FirstScreen>
  );
}

export function MarketsFirstScreen() {
  return (
    <FirstScreen>
      <div className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6 md:py-14">
        <MarketsIntro />
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <SkeletonBlock className="h-80 rounded-2xl" />
          <SkeletonBlock className="h-80 rounded-2xl" />
        </div>
        <SkeletonBlock className="mt-8 h-96 rounded-2xl" />
      </div>
    </FirstScreen>
  );
}

/** The pre-rendered paths, each with its first screen and the title its page sets. */
export const firstScreens: Readonly<
  Record<string, { Component: ComponentType; title: string | null }>
> = {
  '/': { Component: HomeFirstScreen, title: null },
  '/markets': { Component: MarketsFirstScreen, title: 'Markets' },
};

/** The start-up skeleton for the page being opened: its first screen if it has one. */
export function StartupSkeleton() {
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  const Screen = firstScreens[path]?.Component ?? AppSkeleton;
  return <Screen />;
}
