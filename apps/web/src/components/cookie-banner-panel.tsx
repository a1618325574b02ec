import { useEffect, useId, useRef, useState } from 'react';
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
  const root = useRef<HTMLElement>(null);

  // The banner floats over the page's end: while it is open, the page gets as much room below
  // its content as the banner takes, so the last button (Create Account on a phone) can be
  // scrolled above it rather than hidden under it.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const reserve = () => {
      const covered = window.innerHeight - el.getBoundingClientRect().top;
      body.style.paddingBottom = `${Math.max(0, Math.ceil(covered)) + 8}px`;
    };
    reserve();
    const resized = new ResizeObserver(reserve);
    resized.observe(el);
    window.addEventListener('resize', reserve);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', reserve);
      body.style.paddingBottom = before;
    };
  }, []);

  return (
    <section
      ref={root}
      role="region"
      aria-labelledby={titleId}
      className={clsx(
        // Compact, so the first screen's actions stay in reach (the hero's Start Trading and
        // Create Account): a low strip above the mobile bottom bar (h-16) on phones, a single
        // row along the bottom edge on wide screens.
        'fixed inset-x-2 bottom-[4.5rem] z-40 rounded-xl border border-line-strong bg-surface/95 px-3 py-2.5 shadow-xl shadow-black/40 backdrop-blur-md md:inset-x-auto md:bottom-4 md:left-1/2 md:w-[min(60rem,calc(100%-2rem))] md:-translate-x-1/2 md:px-4',
        'motion-safe:transition-[opacity,translate] motion-safe:duration-300 motion-safe:ease-out',
        entered ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0',
      )}
    >
      {/* Phone: text and close on one row, the choices under them. Wide: all on one row. */}
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-2 md:grid-cols-[1fr_auto_auto] md:gap-x-4">
        <div className="flex min-w-0 items-start gap-2">
          <Cookie className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-xs leading-5 text-muted md:text-sm">
            <h2 id={titleId} className="inline font-semibold text-ink">
              We value your privacy
            </h2>{' '}
            <p className="inline">
              Necessary cookies keep you signed in and are always on; analytics is your choice.{' '}
              <Link
                to={paths.cookiePolicy}
                className="text-accent underline underline-offset-2 hover:decoration-2"
              >
                Cookie Policy
              </Link>
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Close cookie banner"
          className="-mr-1 grid size-8 shrink-0 place-items-center self-start rounded-lg text-muted hover:bg-raised hover:text-ink md:order-last md:self-center"
        >
          <X className="size-4" aria-hidden="true" />
        </button>

        <div className="col-span-2 flex items-center gap-2 md:col-span-1">
          <label
            htmlFor={switchId}
            className="mr-auto flex cursor-pointer items-center gap-2 text-xs text-muted md:mr-1"
          >
            Analytics
            <button
              id={switchId}
              type="button"
              role="switch"
              aria-checked={analytics}
              onClick={() => setAnalytics((on) => !on)}
              className={clsx(
                'relative h-5 w-9 shrink-0 rounded-full transition-colors',
                analytics ? 'bg-accent' : 'bg-line-strong',
              )}
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'absolute top-0.5 left-0.5 size-4 rounded-full bg-ink shadow transition-transform',
                  analytics && 'translate-x-4',
                )}
              />
            </button>
          </label>
          <Button variant="outline" size="sm" onClick={close}>
            Reject All
          </Button>
          <Button
            size="sm"
            onClick={() => {
              storeConsent();
              close();
            }}
          >
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
