import { useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS, COOKIE_CONSENT_STORAGE_KEY } from '@sikka/contracts';
import { deferred } from './deferred.tsx';

const CookieBannerPanel = deferred(() => import('./cookie-banner-panel.tsx'));

function consentStored(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The cookie banner (PRODUCT.md §2): COOKIE_BANNER_DELAY_MS after load when no consent is
 * stored. The banner itself is loaded only then, so it is not part of the start-up JavaScript.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (consentStored()) return;
    const timer = setTimeout(() => setOpen(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // If its code cannot be downloaded, the banner is simply not shown: it asks again next visit.
  return open ? <CookieBannerPanel onClose={() => setOpen(false)} /> : null;
}
