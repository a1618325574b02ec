import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';

const AppToaster = lazy(() => import('./toaster.tsx'));

/**
 * The toast outlet (sonner, ~10 KB gzip) loads once the page has loaded, so it is not part of
 * the start-up JavaScript. No toast is lost meanwhile: sonner replays the toasts still active
 * when its Toaster subscribes, and a toast only follows something the user did.
 */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (document.readyState === 'complete') {
      start();
      return;
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** App-wide providers that do not need the router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
