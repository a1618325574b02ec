import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LOADING_SKELETON_MS } from '@sikka/contracts';
import { queryClient } from '@/lib/query-client.ts';
import { deferred, RetryLater } from '@/components/deferred.tsx';
import { SecondFactorPrompt } from '@/components/security/second-factor-prompt.tsx';

const AppToaster = deferred(() => import('./toaster.tsx'));

/**
 * The toast outlet (sonner, ~10 KB gzip) loads once the first page is up, so it is not part of
 * the start-up JavaScript. No toast is lost meanwhile: sonner replays the toasts still active
 * when its Toaster subscribes, and a toast only follows something the user did.
 */
function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // After the load event and the start-up skeleton (LOADING_SKELETON_MS), so its download
    // does not compete with the first page's.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(
        () => setReady(true),
        Math.max(0, LOADING_SKELETON_MS + 500 - performance.now()),
      );
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, []);
  return ready ? <AppToaster failed={(retry) => <RetryLater retry={retry} />} /> : null;
}

/** App-wide providers that do not need the router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
      {/* "Confirm it's you" for every request that needs the second factor again. */}
      <SecondFactorPrompt />
    </QueryClientProvider>
  );
}
