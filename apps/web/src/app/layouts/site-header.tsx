import { clsx } from 'clsx';
import { Link, NavLink } from 'react-router';
import { LogOut, Wallet } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/layout/logo.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { formatInr } from '@/lib/format.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { HeaderNotifications } from '@/features/notifications/components/header-notifications.tsx';
import { headerLinks } from './nav-links.ts';
import { MobileMenu } from './mobile-menu.tsx';

export function SiteHeader() {
  const { user, balance, logout } = useAuth();
  const links = headerLinks(user);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 md:px-6">
        <Link to={paths.home} aria-label="Sikka home" className="mr-4 shrink-0 rounded-md lg:mr-6">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === paths.dashboard.root ? false : undefined}
                  className={({ isActive }) =>
                    clsx(
                      'relative rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive ? 'text-ink' : 'text-muted hover:text-ink',
                      isActive &&
                        'after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-accent',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {user ? (
            <>
              <Link
                to={paths.dashboard.inrDeposit}
                className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-1.5 text-sm hover:border-line-strong"
              >
                <Wallet className="size-4 text-accent" aria-hidden="true" />
                <span className="sr-only">INR balance</span>
                <span className="font-semibold tabular-nums text-ink" data-testid="header-balance">
                  {formatInr(balance)}
                </span>
              </Link>
              <span
                className="hidden max-w-40 truncate px-2 text-sm text-muted xl:inline"
                title={user.email}
              >
                {user.fullName}
              </span>
              <HeaderNotifications />
              <Button variant="ghost" size="sm" onClick={() => void logout()}>
                <LogOut className="size-4" aria-hidden="true" />
                Logout
              </Button>
            </>
          ) : (
            <>
              <Link to={paths.login} className={buttonClasses('ghost', 'sm')}>
                Login
              </Link>
              <Link to={paths.signup} className={buttonClasses('primary', 'sm')}>
                Sign Up
              </Link>
            </>
          )}
        </div>

        {/* Phones and tablets: the bell beside the menu button (the controls above are hidden). */}
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          {user ? <HeaderNotifications /> : null}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
