import { clsx } from 'clsx';
import { Link, Outlet, useLocation } from 'react-router';
import {
  ArrowLeftRight,
  ChartCandlestick,
  ClipboardList,
  CreditCard,
  History,
  LayoutDashboard,
  LogOut,
  PiggyBank,
  Receipt,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { ScrollStrip } from '@/components/ui/scroll-strip.tsx';
import { EmailBanner } from '@/features/dashboard/components/email-banner.tsx';

interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /**
   * Also active for every path under these (the wallet's pages share one item; a trade opened
   * from the statement keeps Transaction History lit).
   */
  activePrefixes?: readonly string[];
}

/** The dashboard side menu of PRODUCT.md §2. */
const sections: ReadonlyArray<{ title: string; items: MenuItem[] }> = [
  {
    title: 'Assets',
    items: [
      { to: paths.dashboard.root, label: 'Overview', icon: LayoutDashboard },
      {
        to: paths.dashboard.inrDeposit,
        label: 'Wallet',
        icon: Wallet,
        activePrefixes: [paths.dashboard.wallet],
      },
      { to: paths.dashboard.spot, label: 'Spot', icon: ChartCandlestick },
      { to: paths.dashboard.earn, label: 'Earn', icon: PiggyBank },
    ],
  },
  {
    title: 'Orders',
    items: [
      { to: paths.dashboard.quickHistory, label: 'Quick History', icon: History },
      { to: paths.dashboard.spotOrders, label: 'Spot Orders', icon: ClipboardList },
      { to: paths.dashboard.earnHistory, label: 'Earn History', icon: Receipt },
      {
        to: paths.dashboard.transactions,
        label: 'Transaction History',
        icon: ArrowLeftRight,
        activePrefixes: [paths.dashboard.tradeDetail.replace(':id', '')],
      },
    ],
  },
  {
    title: 'Account',
    items: [
      { to: paths.dashboard.security, label: 'Security', icon: ShieldCheck },
      { to: paths.dashboard.payment, label: 'Payment', icon: CreditCard },
    ],
  },
];

const allItems = sections.flatMap((s) => s.items);

function isItemActive(item: MenuItem, pathname: string): boolean {
  if (pathname === item.to || pathname === `${item.to}/`) return true;
  return (item.activePrefixes ?? []).some((prefix) => pathname.startsWith(prefix));
}

/** Dashboard frame: side menu on desktop, a scrolling tab strip on mobile, the page beside it. */
export default function DashboardLayout() {
  const { pathname } = useLocation();
  const { logout } = useAuth();
  const linkClass = (item: MenuItem) =>
    clsx(
      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
      isItemActive(item, pathname)
        ? 'bg-raised text-ink'
        : 'text-muted hover:bg-surface hover:text-ink',
    );
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 md:px-6">
      <aside className="hidden w-60 shrink-0 border-r border-line py-6 pr-4 md:block">
        <nav aria-label="Dashboard" className="sticky top-22 space-y-6">
          {sections.map((section) => (
            <div key={section.title}>
              <h2 className="px-3 text-xs font-semibold tracking-wider text-subtle uppercase">
                {section.title}
              </h2>
              <ul className="mt-2 space-y-0.5">
                {section.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={linkClass(item)}
                      aria-current={isItemActive(item, pathname) ? 'page' : undefined}
                    >
                      <item.icon className="size-4 shrink-0" aria-hidden="true" />
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="border-t border-line" aria-hidden="true" />
          <button
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface hover:text-down"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <nav aria-label="Dashboard sections" className="border-b border-line md:hidden">
          {/* Keeps the current page's item in view; only the strip scrolls, never the page. */}
          <ScrollStrip current={pathname}>
            <ul className="flex w-max gap-1 px-4 py-2">
              {allItems.map((item) => (
                <li key={item.to} className="shrink-0">
                  <Link
                    to={item.to}
                    className={linkClass(item)}
                    aria-current={isItemActive(item, pathname) ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </ScrollStrip>
        </nav>
        <EmailBanner />
        {/* The router puts the KYC flow (kyc feature) and then the page here. */}
        <Outlet />
      </div>
    </div>
  );
}
