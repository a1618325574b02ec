import type { User } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The header's page links for a visitor (PRODUCT.md §2 "Navigation bar"). Admin comes from the
 * server-given role, never from comparing e-mails; the server guards /api/admin regardless.
 */
export function headerLinks(user: Pick<User, 'role' | 'kycStatus'> | null): NavItem[] {
  const links: NavItem[] = [
    { to: paths.markets, label: 'Markets' },
    { to: paths.trade, label: 'Exchange' },
    { to: paths.quickBuy, label: 'Quick Trade' },
  ];
  if (user?.kycStatus === 'verified') links.push({ to: paths.watchlist, label: 'Watchlist' });
  if (user) links.push({ to: paths.dashboard.root, label: 'Dashboard' });
  if (user?.role === 'admin') links.push({ to: paths.admin, label: 'Admin' });
  return links;
}

export type BottomBarKey = 'profile' | 'markets' | 'trade' | 'quickBuy' | 'wallet';

/** The fixed mobile bottom bar, in order. */
export const bottomBarLinks: ReadonlyArray<NavItem & { key: BottomBarKey }> = [
  { key: 'profile', to: paths.dashboard.root, label: 'Profile' },
  { key: 'markets', to: paths.markets, label: 'Markets' },
  { key: 'trade', to: paths.trade, label: 'Trade' },
  { key: 'quickBuy', to: paths.quickBuy, label: 'Quick Buy' },
  { key: 'wallet', to: paths.dashboard.inrDeposit, label: 'Wallet' },
];

/** Which bottom-bar item a path belongs to: Wallet owns the wallet pages, Profile the rest of the dashboard. */
export function activeBottomBarKey(pathname: string): BottomBarKey | undefined {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under(paths.dashboard.wallet)) return 'wallet';
  if (under(paths.dashboard.root)) return 'profile';
  if (under(paths.markets)) return 'markets';
  if (under(paths.trade)) return 'trade';
  if (under(paths.quickBuy)) return 'quickBuy';
  return undefined;
}
