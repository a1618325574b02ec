import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Bitcoin,
  IndianRupee,
  LayoutGrid,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { ScrollStrip } from '@/components/ui/scroll-strip.tsx';

const tabs: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: paths.dashboard.wallet, label: 'Balances', icon: LayoutGrid },
  { to: paths.dashboard.inrDeposit, label: 'Deposit INR', icon: ArrowDownToLine },
  { to: paths.dashboard.inrWithdraw, label: 'Withdraw INR', icon: IndianRupee },
  { to: paths.dashboard.cryptoDeposit, label: 'Deposit Crypto', icon: Bitcoin },
  { to: paths.dashboard.cryptoWithdraw, label: 'Withdraw Crypto', icon: ArrowUpFromLine },
];

/** The wallet's pages (the overview and the four moves) share a tab strip that links them. */
export function WalletFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{title}</h1>
      <p className="mt-1.5 text-sm text-muted md:text-base">{description}</p>
      <nav aria-label="Wallet" className="mt-5">
        {/*
          Phones get a grid (the overview across the top, then 2 × 2), so every page stays in
          sight without scrolling. Wider, one row, which scrolls where the dashboard's side menu
          leaves it too little room (about 770–1050 px).
        */}
        <ScrollStrip current={pathname}>
          <ul className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface p-1 sm:flex sm:w-max">
            {tabs.map((tab, i) => {
              const active = pathname === tab.to;
              return (
                <li key={tab.to} className={i === 0 ? 'col-span-2' : undefined}>
                  <Link
                    to={tab.to}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:justify-start',
                      active ? 'bg-raised text-ink shadow-sm' : 'text-muted hover:text-ink',
                    )}
                  >
                    <tab.icon
                      className={clsx('size-4', active ? 'text-accent' : undefined)}
                      aria-hidden="true"
                    />
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </ScrollStrip>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A titled panel of the wallet pages. */
export function Panel({
  title,
  icon: Icon,
  aside,
  className,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={clsx('rounded-2xl border border-line bg-surface p-5', className)}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold text-ink">
          {Icon ? <Icon className="size-4 text-accent" aria-hidden="true" /> : null}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
