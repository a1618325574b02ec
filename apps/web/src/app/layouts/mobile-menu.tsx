import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { deferred } from '@/components/deferred.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';
import { useBodyScrollLock } from '@/hooks/use-body-scroll-lock.ts';
import { useMediaQuery } from '@/hooks/use-media-query.ts';

const MobileMenuPanel = deferred(() => import('./mobile-menu-panel.tsx'));

/** Same width as the `md` breakpoint in styles/index.css. */
const DESKTOP_QUERY = '(min-width: 769px)';

/**
 * The mobile menu's trigger and state. The full-screen panel (account summary, links,
 * Login/Sign Up or Logout) is loaded when first opened.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { pathname } = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  useBodyScrollLock(open);

  // Growing past the mobile breakpoint or changing page closes the menu. Adjusting state
  // while rendering (not in an effect) avoids a frame with a stale menu.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (open) setOpen(false);
  }
  useEffect(() => {
    if (isDesktop) setOpen(false);
  }, [isDesktop]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="ml-auto grid size-10 place-items-center rounded-lg text-ink hover:bg-raised lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {open ? (
        <MobileMenuPanel
          onClose={() => setOpen(false)}
          trigger={trigger}
          failed={openedPartFailed('The menu', 'top', () => setOpen(false))}
        />
      ) : null}
    </>
  );
}
