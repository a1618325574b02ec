import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { LOADING_SKELETON_MS } from '@sikka/contracts';
import { CookieBanner } from '@/components/cookie-banner.tsx';
import { AuthProvider } from '@/lib/auth/auth-provider.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { MarketConnection } from '@/app/market-connection.tsx';
import { StartupSkeleton } from '@/app/first-screens.tsx';
import { isRouteHandle } from './route-handle.ts';

// Loaded after the first paint: it renders nothing, and its checks (zod) are not start-up code.
const WatchlistSync = lazy(() =>
  import('@/lib/watchlist/watchlist-sync.ts').then((m) => ({ default: m.WatchlistSync })),
);

export const DEFAULT_TITLE = 'Sikka — Buy, sell and store crypto in India';

/** Once the start-up skeleton has had its time it never comes back in this page load. */
let startupSkeletonDone = false;

/**
 * The start-up skeleton (PRODUCT.md §2) runs for LOADING_SKELETON_MS from the page's start,
 * and longer only if the session check is still out.
 */
function StartupGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [elapsed, setElapsed] = useState(startupSkeletonDone);
  useEffect(() => {
    if (elapsed) return;
    const remaining = Math.max(0, LOADING_SKELETON_MS - performance.now());
    const timer = setTimeout(() => {
      startupSkeletonDone = true;
      // The first page is the largest render of the visit; a transition lets React split it.
      startTransition(() => setElapsed(true));
    }, remaining);
    return () => clearTimeout(timer);
  }, [elapsed]);
  if (!elapsed || status === 'loading') return <StartupSkeleton />;
  return children;
}

function DocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((m) => (isRouteHandle(m.handle) ? m.handle.title : undefined))
    .filter((t): t is string => Boolean(t))
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · Sikka` : DEFAULT_TITLE;
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <MarketConnection>
        <DocumentTitle />
        <Suspense fallback={null}>
          <WatchlistSync />
        </Suspense>
        <StartupGate>
          <Outlet />
        </StartupGate>
        <CookieBanner />
        <ScrollRestoration />
      </MarketConnection>
    </AuthProvider>
  );
}
