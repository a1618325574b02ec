/**
 * The site's fixed navigation, as the spec lists it (PRODUCT.md): what the footer and the
 * dashboard menus must offer. Shared by the shell, static and money tests, which check the
 * same lists from different screens.
 */

/** Every footer link's path. */
export const FOOTER_PATHS = [
  '/about',
  '/careers',
  '/blog',
  '/announcements',
  '/exchange',
  '/mobile-app',
  '/desktop-app',
  '/api-docs',
  '/support',
  '/help',
  '/fees',
  '/faq',
  '/submit-ticket',
  '/contact',
  '/terms',
  '/privacy',
  '/aml-kyc',
  '/cookie-policy',
] as const;

/** The dashboard menu, in order: [label, path]. */
export const DASHBOARD_MENU: Array<[string, string]> = [
  ['Overview', '/dashboard'],
  ['Wallet', '/dashboard/wallet/inr-deposit'],
  ['Spot', '/dashboard/spot'],
  ['Earn', '/dashboard/earn'],
  ['Quick History', '/dashboard/quick-history'],
  ['Spot Orders', '/dashboard/orders/spot'],
  ['Earn History', '/dashboard/orders/earn'],
  ['Transaction History', '/dashboard/orders/transactions'],
  ['Security', '/dashboard/account/security'],
  ['Payment', '/dashboard/account/payment'],
];
