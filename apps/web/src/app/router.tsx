import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { footerLabel } from '@/config/footer-links.ts';
import { GuestOnly, RequireAdmin, RequireAuth } from '@/features/auth/components/route-guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { ShellLayout } from './layouts/shell-layout.tsx';
import type { RouteHandle } from './layouts/route-handle.ts';
import { ErrorPage } from './error-page.tsx';
import { StartupSkeleton } from './first-screens.tsx';
import { keyThisHistoryEntry } from './history-entry-key.ts';

/**
 * Every page is its own chunk, loaded on first visit, so the start-up bundle holds only the
 * shell. A page module's default export is the page component. The request for a page's code
 * (with Vite's preload links for its dependencies) is made in a task of its own, not in the one
 * that matched the URL: at start-up that one also creates the router (Lighthouse's long tasks).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  await nextTask();
  return { Component: (await load()).default };
};

const handle = (h: RouteHandle) => h;

const overview = page(() => import('@/features/dashboard/pages/overview-page.tsx'));
const infoPage = page(() => import('@/features/static/pages/info-page.tsx'));

/** Footer destinations without screens of their own share the generic info page. */
const infoPaths: ReadonlyArray<[string, string]> = [
  paths.exchange,
  paths.mobileApp,
  paths.desktopApp,
  paths.support,
  paths.help,
  paths.faq,
  paths.submitTicket,
  paths.contact,
  paths.cookiePolicy,
].map((path) => [path, footerLabel(path) ?? '']);

/** Route access of PRODUCT.md §2. Guards are layout routes, so a path's access shows in its nesting. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: StartupSkeleton,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            path: paths.login,
            lazy: page(() => import('@/features/auth/pages/login-page.tsx')),
            handle: handle({ title: 'Login' }),
          },
          {
            path: paths.signup,
            lazy: page(() => import('@/features/auth/pages/signup-page.tsx')),
            handle: handle({ title: 'Sign Up' }),
          },
          {
            path: paths.forgotPassword,
            lazy: page(() => import('@/features/auth/pages/forgot-password-page.tsx')),
            handle: handle({ title: 'Forgot password' }),
          },
        ],
      },
      // The pages a mailed link opens: they work signed in or out (the token says who).
      {
        path: paths.resetPassword,
        lazy: page(() => import('@/features/auth/pages/reset-password-page.tsx')),
        handle: handle({ title: 'Reset password' }),
      },
      {
        path: paths.verifyEmail,
        lazy: page(() => import('@/features/auth/pages/verify-email-page.tsx')),
        handle: handle({ title: 'Verify email' }),
      },
      {
        path: paths.confirmEmailChange,
        lazy: page(() => import('@/features/auth/pages/confirm-email-change-page.tsx')),
        handle: handle({ title: 'Confirm new email' }),
      },
      {
        // Asks before it freezes (mail scanners open links); the Security page's freeze ends here.
        path: paths.freezeAccount,
        lazy: page(() => import('@/features/auth/pages/freeze-account-page.tsx')),
        handle: handle({ title: 'Freeze account' }),
      },
      {
        Component: ShellLayout,
        children: [
          // Public pages.
          { index: true, lazy: page(() => import('@/features/markets/pages/home-page.tsx')) },
          {
            path: paths.markets,
            lazy: page(() => import('@/features/markets/pages/markets-page.tsx')),
            handle: handle({ title: 'Markets' }),
          },
          {
            path: paths.quickBuy,
            lazy: page(() => import('@/features/quick-buy/pages/quick-buy-page.tsx')),
            handle: handle({ title: 'Quick Trade' }),
          },
          {
            path: paths.about,
            lazy: page(() => import('@/features/static/pages/about-page.tsx')),
            handle: handle({ title: 'About Us' }),
          },
          {
            path: paths.careers,
            lazy: page(() => import('@/features/static/pages/careers-page.tsx')),
            handle: handle({ title: 'Careers' }),
          },
          {
            path: paths.blog,
            lazy: page(() => import('@/features/static/pages/blog-page.tsx')),
            handle: handle({ title: 'Blog' }),
          },
          {
            path: paths.announcements,
            lazy: page(() => import('@/features/static/pages/announcements-page.tsx')),
            handle: handle({ title: 'Announcements' }),
          },
          {
            path: paths.terms,
            lazy: page(() => import('@/features/static/pages/terms-page.tsx')),
            handle: handle({ title: 'Terms of Service' }),
          },
          {
            path: paths.privacy,
            lazy: page(() => import('@/features/static/pages/privacy-page.tsx')),
            handle: handle({ title: 'Privacy Policy' }),
          },
          {
            path: paths.amlKyc,
            lazy: page(() => import('@/features/static/pages/aml-kyc-page.tsx')),
            handle: handle({ title: 'AML & KYC Policy' }),
          },
          {
            path: paths.apiDocs,
            lazy: page(() => import('@/features/static/pages/api-docs-page.tsx')),
            handle: handle({ title: 'API Documentation' }),
          },
          {
            path: paths.fees,
            lazy: page(() => import('@/features/static/pages/fees-page.tsx')),
            handle: handle({ title: 'Fees' }),
          },
          {
            path: paths.devMailbox,
            lazy: page(() => import('@/features/dev/pages/dev-mailbox-page.tsx')),
            handle: handle({ title: 'Mailbox' }),
          },
          ...infoPaths.map(([path, title]) => ({
            path,
            lazy: infoPage,
            handle: handle({ title }),
          })),

          // Signed-in users only; guests go to /login.
          {
            Component: RequireAuth,
            children: [
              {
                path: paths.trade,
                // The spec's page, with the spot exchange in it when the server runs one.
                lazy: page(() => import('./routes/trade-route.tsx')),
                handle: handle({ title: 'Exchange', footer: false }),
              },
              {
                path: paths.watchlist,
                lazy: page(() => import('@/features/markets/pages/watchlist-page.tsx')),
                handle: handle({ title: 'Watchlist' }),
              },
              {
                path: paths.dashboard.root,
                lazy: page(() => import('@/features/dashboard/pages/dashboard-layout.tsx')),
                handle: handle({ title: 'Dashboard', footer: false }),
                children: [
                  {
                    // The KYC flow sits above every dashboard page (PRODUCT.md §2).
                    lazy: page(() => import('@/features/kyc/pages/kyc-gate-layout.tsx')),
                    children: [
                      { index: true, lazy: overview, handle: handle({ title: 'Overview' }) },
                      {
                        // Everything the user holds (issue 19), with the four pages one tab away.
                        path: paths.dashboard.wallet,
                        lazy: page(
                          () => import('@/features/wallet/pages/wallet-overview-page.tsx'),
                        ),
                        handle: handle({ title: 'Wallet' }),
                      },
                      {
                        path: paths.dashboard.inrDeposit,
                        lazy: page(() => import('@/features/wallet/pages/inr-deposit-page.tsx')),
                        handle: handle({ title: 'Deposit INR' }),
                      },
                      {
                        path: paths.dashboard.inrWithdraw,
                        lazy: page(() => import('@/features/wallet/pages/inr-withdraw-page.tsx')),
                        handle: handle({ title: 'Withdraw INR' }),
                      },
                      {
                        path: paths.dashboard.cryptoDeposit,
                        lazy: page(() => import('@/features/wallet/pages/crypto-deposit-page.tsx')),
                        handle: handle({ title: 'Deposit Crypto' }),
                      },
                      {
                        path: paths.dashboard.cryptoWithdraw,
                        lazy: page(
                          () => import('@/features/wallet/pages/crypto-withdraw-page.tsx'),
                        ),
                        handle: handle({ title: 'Withdraw Crypto' }),
                      },
                      {
                        path: paths.dashboard.quickHistory,
                        lazy: page(
                          () => import('@/features/dashboard/pages/quick-history-page.tsx'),
                        ),
                        handle: handle({ title: 'Quick History' }),
                      },
                      {
                        path: paths.dashboard.payment,
                        lazy: page(() => import('@/features/wallet/pages/payment-page.tsx')),
                        handle: handle({ title: 'Payment Methods' }),
                      },
                      {
                        path: paths.dashboard.transactions,
                        lazy: page(() => import('@/features/statement/pages/statement-page.tsx')),
                        handle: handle({ title: 'Transaction History' }),
                      },
                      // The records the statement links to, one page each (deep-linkable).
                      {
                        path: paths.dashboard.tradeDetail,
                        lazy: page(
                          () => import('@/features/dashboard/pages/trade-detail-page.tsx'),
                        ),
                        handle: handle({ title: 'Trade details' }),
                      },
                      {
                        path: paths.dashboard.depositDetail,
                        lazy: page(() => import('@/features/wallet/pages/deposit-detail-page.tsx')),
                        handle: handle({ title: 'Deposit details' }),
                      },
                      {
                        path: paths.dashboard.withdrawalDetail,
                        lazy: page(
                          () => import('@/features/wallet/pages/withdrawal-detail-page.tsx'),
                        ),
                        handle: handle({ title: 'Withdrawal details' }),
                      },
                      {
                        path: paths.dashboard.security,
                        lazy: page(() => import('@/features/security/pages/security-page.tsx')),
                        handle: handle({ title: 'Security' }),
                      },
                      // The spot order history when the exchange runs, else the overview.
                      {
                        path: paths.dashboard.spotOrders,
                        lazy: page(() => import('./routes/spot-orders-route.tsx')),
                        // The overview's title, as today; the spot page names the tab itself.
                        handle: handle({ title: 'Overview' }),
                      },
                      // Spot, Earn and other orders pages are not defined: they show the overview.
                      {
                        path: `${paths.dashboard.root}/*`,
                        lazy: overview,
                        handle: handle({ title: 'Overview' }),
                      },
                    ],
                  },
                ],
              },
            ],
          },

          // The admin only, by the server-given role; everyone else goes to /.
          {
            Component: RequireAdmin,
            children: [
              {
                path: paths.admin,
                lazy: page(() => import('@/features/admin/pages/admin-page.tsx')),
                handle: handle({ title: 'Admin', footer: false }),
              },
            ],
          },

          {
            path: '*',
            lazy: page(() => import('./not-found-page.tsx')),
            handle: handle({ title: 'Page not found' }),
          },
        ],
      },
    ],
  },
];

export const createRouter = () => {
  keyThisHistoryEntry();
  return createBrowserRouter(routes);
};

export type AppRouter = ReturnType<typeof createRouter>;
