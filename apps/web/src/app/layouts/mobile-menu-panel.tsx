import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { ChevronRight, LogOut, X } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/layout/logo.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { formatInr } from '@/lib/format.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { headerLinks } from './nav-links.ts';

/**
 * The open full-screen menu (PRODUCT.md §2). Loaded on first open, so the dialog machinery
 * stays out of the start-up bundle; `mobile-menu.tsx` keeps the state and the trigger.
 */
export default function MobileMenuPanel({
  onClose,
  trigger,
}: {
  onClose: () => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { user, balance, logout } = useAuth();
  const close = onClose;
  const links = [{ to: paths.home, label: 'Home' }, ...headerLinks(user)];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-canvas lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-4">
            <Link to={paths.home} aria-label="Sikka home" onClick={close}>
              <Logo />
            </Link>
            <Dialog.Close
              className="grid size-10 place-items-center rounded-lg text-ink hover:bg-raised"
              aria-label="Close menu"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>

          {user ? (
            <section
              aria-label="Your account"
              className="mx-4 mt-5 rounded-2xl border border-line bg-surface p-4"
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-base font-bold text-accent"
                >
                  {initials(user.fullName)}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-semibold text-ink">{user.fullName}</p>
                  <p className="truncate text-sm text-muted">{user.email}</p>
                </div>
              </div>
              <div className="mt-4 flex items-baseline justify-between rounded-xl bg-canvas px-3.5 py-3">
                <span className="text-sm text-muted">INR balance</span>
                <span className="text-lg font-semibold tabular-nums text-ink">
                  {formatInr(balance)}
                </span>
              </div>
            </section>
          ) : null}

          <nav aria-label="Mobile" className="mt-3 px-2">
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === paths.home}
                    onClick={close}
                    className={({ isActive }) =>
                      clsx(
                        'flex items-center justify-between rounded-xl px-3 py-3.5 text-base font-medium',
                        isActive
                          ? 'bg-raised text-ink'
                          : 'text-muted hover:bg-surface hover:text-ink',
                      )
                    }
                  >
                    {link.label}
                    <ChevronRight className="size-4 text-subtle" aria-hidden="true" />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="mt-auto grid gap-3 border-t border-line p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {user ? (
              <Button
                variant="secondary"
                size="lg"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogOut className="size-5" aria-hidden="true" />
                Logout
              </Button>
            ) : (
              <>
                <Link to={paths.login} onClick={close} className={buttonClasses('outline', 'lg')}>
                  Login
                </Link>
                <Link to={paths.signup} onClick={close} className={buttonClasses('primary', 'lg')}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
