import { Outlet, useMatches, useNavigation } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';
import { isRouteHandle } from './route-handle.ts';

/** Header, page, footer and the mobile bottom bar around every page but login and sign-up. */
export function ShellLayout() {
  const matches = useMatches();
  const showFooter = !matches.some((m) => isRouteHandle(m.handle) && m.handle.footer === false);
  const navigating = useNavigation().state === 'loading';
  return (
    // Bottom padding on mobile keeps the last content clear of the fixed bottom bar.
    <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {navigating ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left animate-pulse bg-accent"
        />
      ) : null}
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      {showFooter ? <SiteFooter /> : null}
      <MobileBottomBar />
    </div>
  );
}
