import { clsx } from 'clsx';
import { Link, useLocation } from 'react-router';
import { ChartCandlestick, ChartLine, CircleUser, Wallet, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { activeBottomBarKey, bottomBarLinks, type BottomBarKey } from './nav-links.ts';

const icons: Record<BottomBarKey, LucideIcon> = {
  profile: CircleUser,
  markets: ChartLine,
  trade: ChartCandlestick,
  quickBuy: Zap,
  wallet: Wallet,
};

/** The fixed bar of five destinations on mobile (PRODUCT.md §2). */
export function MobileBottomBar() {
  const active = activeBottomBarKey(useLocation().pathname);
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-5">
        {bottomBarLinks.map((item) => {
          const Icon = icons[item.key];
          const isActive = item.key === active;
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                aria-current={isActive ? 'page' : undefined}
                className={clsx(
                  'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium',
                  isActive ? 'text-accent' : 'text-muted hover:text-ink',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
