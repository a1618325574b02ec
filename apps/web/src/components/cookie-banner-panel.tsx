import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { clsx } from 'clsx';
import { Cookie, X } from 'lucide-react';
import { COOKIE_CONSENT_STORAGE_KEY } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { Button } from './ui/button.tsx';

function storeConsent(): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, 'true');
  } catch {
    // Storage blocked: the banner still closes; it asks again on the next visit.
  }
}

/**
 * The open cookie banner (PRODUCT.md §2); `cookie-banner.tsx` decides when it shows and loads
 * this module then. Accept All stores consent ('true') and closes; Reject All and the close
 * button only close it for this page view, storing nothing. The analytics switch is
 * display-only: Sikka sets no analytics cookies, so there is nothing for it to turn on.
 */
export default function CookieBannerPanel({ onClose }: { onClose: () => void }) {
  const [entered, setEntered] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const titleId = useId();
  const switchId = useId();

  // One frame hidden, then visible: the slide-in (motion-safe only) needs a start state.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const close = onClose;

  return (
    <section
      role="region"
      aria-labelledby={titleId}
      className={clsx(
        // Above the mobile bottom bar (h-16) on small screens, bottom-left card on wide ones.
        'fixed inset-x-3 bottom-[4.75rem] z-40 rounded-2xl border border-line-strong bg-surface/95 p-5 shadow-2xl shadow-black/40 backdrop-blur-md md:inset-x-auto md:bottom-6 md:left-6 md:w-[26rem]',
        'motion-safe:transition-all motion-safe:duration-300 motion-safe:ease-out',
        entered ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent/10 text-accent">
          <Cookie className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-ink">
            We value your privacy
          </h2>
          <p className="mt-1 text-sm leading-6 text-muted">
            We use cookies to keep you signed in and to make Sikka work. See our{' '}
            <Link
              to={paths.cookiePolicy}
              className="text-accent underline underline-offset-2 hover:decoration-2"
            >
              Cookie Policy
            </Link>
            .
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Close cookie banner"
          className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>

      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex items-center justify-between gap-3 rounded-xl bg-raised/60 px-3 py-2.5">
          <span>
            <span className="block font-medium text-ink">Necessary</span>
            <span className="block text-xs text-muted">Sign-in and security. Always on.</span>
          </span>
          <span className="text-xs font-semibold text-up">Always active</span>
        </li>
        <li className="flex items-center justify-between gap-3 rounded-xl bg-raised/60 px-3 py-2.5">
          <label htmlFor={switchId} className="cursor-pointer">
            <span className="block font-medium text-ink">Analytics</span>
            <span className="block text-xs text-muted">Helps us understand how Sikka is used.</span>
          </label>
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={analytics}
            onClick={() => setAnalytics((on) => !on)}
            className={clsx(
              'relative h-6 w-11 shrink-0 rounded-full transition-colors',
              analytics ? 'bg-accent' : 'bg-line-strong',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'absolute top-0.5 left-0.5 size-5 rounded-full bg-ink shadow transition-transform',
                analytics && 'translate-x-5',
              )}
            />
          </button>
        </li>
      </ul>

      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={close}>
          Reject All
        </Button>
        <Button
          onClick={() => {
            storeConsent();
            close();
          }}
        >
          Accept All
        </Button>
      </div>
    </section>
  );
}
