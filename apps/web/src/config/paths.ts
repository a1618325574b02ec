/**
 * Every route path of the web app (PRODUCT.md §2). Pages and links import from here so no
 * screen hard-codes a URL.
 */
export const paths = {
  home: '/',
  markets: '/markets',
  trade: '/trade',
  quickBuy: '/quick-buy',
  watchlist: '/watchlist',
  login: '/login',
  signup: '/signup',
  /** Account recovery and the e-mail link pages (issue 16); the links in mails lead here. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmailChange: '/confirm-email-change',
  /** A new-sign-in mail's "Freeze your account now" link, and where a freeze ends (ADR 035). */
  freezeAccount: '/freeze-account',
  /** The mails the server would have sent, when it runs without SMTP (development only). */
  devMailbox: '/dev/mailbox',
  admin: '/admin',

  dashboard: {
    root: '/dashboard',
    wallet: '/dashboard/wallet',
    inrDeposit: '/dashboard/wallet/inr-deposit',
    inrWithdraw: '/dashboard/wallet/inr-withdraw',
    cryptoDeposit: '/dashboard/wallet/crypto-deposit',
    cryptoWithdraw: '/dashboard/wallet/crypto-withdraw',
    spot: '/dashboard/spot',
    earn: '/dashboard/earn',
    quickHistory: '/dashboard/quick-history',
    spotOrders: '/dashboard/orders/spot',
    earnHistory: '/dashboard/orders/earn',
    transactions: '/dashboard/orders/transactions',
    /** One record each, as the statement links to it; build the link with `recordPath`. */
    tradeDetail: '/dashboard/orders/trades/:id',
    depositDetail: '/dashboard/wallet/deposits/:id',
    withdrawalDetail: '/dashboard/wallet/withdrawals/:id',
    security: '/dashboard/account/security',
    payment: '/dashboard/account/payment',
  },

  about: '/about',
  careers: '/careers',
  blog: '/blog',
  announcements: '/announcements',
  terms: '/terms',
  privacy: '/privacy',
  amlKyc: '/aml-kyc',
  cookiePolicy: '/cookie-policy',

  exchange: '/exchange',
  mobileApp: '/mobile-app',
  desktopApp: '/desktop-app',
  apiDocs: '/api-docs',
  support: '/support',
  help: '/help',
  fees: '/fees',
  faq: '/faq',
  submitTicket: '/submit-ticket',
  contact: '/contact',
} as const;

/** A record's page: a detail path with its `:id` filled in (ids are opaque, so encoded). */
export function recordPath(
  pattern:
    | typeof paths.dashboard.tradeDetail
    | typeof paths.dashboard.depositDetail
    | typeof paths.dashboard.withdrawalDetail,
  id: string,
): string {
  return pattern.replace(':id', encodeURIComponent(id));
}
