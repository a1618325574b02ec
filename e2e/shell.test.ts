import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADING_SKELETON_MS, messages } from '@sikka/contracts';
import type { Page, Route } from 'playwright-core';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { AppShell } from './page-models/app-shell.ts';
import { KycFlow } from './page-models/kyc-flow.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/**
 * Opens `path` as a fresh load and checks the app ends up at `expected` and stays there. The
 * poll gives a redirect behind a lazily loaded page time on a busy machine; the quiet period
 * then catches a late redirect away from a path that should have stayed.
 */
async function expectSettlesAt(page: Page, path: string, expected: string): Promise<void> {
  const shell = new AppShell(page);
  await shell.open(path);
  await expect.poll(() => shell.pathname(), { message: path, timeout: 15_000 }).toBe(expected);
  expect(await shell.settledPathname(), path).toBe(expected);
}

/** The visible page links of the desktop header, as [text, href]. */
function mainNavLinks(shell: AppShell): Promise<string[][]> {
  return shell.mainNav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
}

describe.skipIf(Boolean(skip))('the app shell in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('shows the layout skeleton on start for 1.5 s, once', async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await page.goto('/', { waitUntil: 'commit' });
    await shell.startupSkeleton.waitFor();
    await shell.startupSkeleton.waitFor({ state: 'detached' });
    const shownFor = await page.evaluate(() => performance.now());
    expect(shownFor).toBeGreaterThanOrEqual(LOADING_SKELETON_MS);
    expect(shownFor).toBeLessThan(LOADING_SKELETON_MS + 3000);
    await shell.headerLink('Markets').click();
    await page.waitForURL('**/markets');
    expect(await shell.startupSkeleton.count()).toBe(0);
  });

  describe('route guards', () => {
    it('sends guests from signed-in pages to /login and from /admin to /', async () => {
      const page = await e2e.newPage();
      for (const path of [
        '/dashboard',
        '/dashboard/wallet/inr-deposit',
        '/dashboard/orders/spot',
        '/trade',
        '/watchlist',
      ]) {
        await expectSettlesAt(page, path, '/login');
      }
      await expectSettlesAt(page, '/admin', '/');
    });

    it('lets guests open every public page', async () => {
      const page = await e2e.newPage();
      for (const path of ['/', '/markets', '/quick-buy', '/about', '/terms', '/login', '/signup']) {
        await expectSettlesAt(page, path, path);
      }
    });

    it('sends a signed-in user from /login and /signup to /dashboard and from /admin to /', async () => {
      const { page } = await e2e.userPage();
      await expectSettlesAt(page, '/login', '/dashboard');
      await expectSettlesAt(page, '/signup', '/dashboard');
      await expectSettlesAt(page, '/admin', '/');
      await expectSettlesAt(page, '/trade', '/trade');
      await expectSettlesAt(page, '/watchlist', '/watchlist');
    });

    it('lets the admin open /admin from the Admin link', async () => {
      const page = await e2e.adminPage();
      const shell = new AppShell(page);
      await shell.open('/');
      await shell.headerLink('Admin').click();
      await page.waitForURL('**/admin');
      await expect.poll(() => page.title()).toBe('Admin · Sikka');
      await expectSettlesAt(page, '/admin', '/admin');
    });
  });

  describe('header', () => {
    it('shows guests the public links with Login and Sign Up', async () => {
      const page = await e2e.newPage();
      const shell = new AppShell(page);
      await shell.open('/');
      expect(await mainNavLinks(shell)).toEqual([
        ['Markets', '/markets'],
        ['Exchange', '/trade'],
        ['Quick Trade', '/quick-buy'],
      ]);
      expect(await shell.headerLink('Login').getAttribute('href')).toBe('/login');
      expect(await shell.headerLink('Sign Up').getAttribute('href')).toBe('/signup');
      expect(await shell.logoutButton.count()).toBe(0);
      expect(
        await shell.header.getByRole('link', { name: 'Sikka home' }).getAttribute('href'),
      ).toBe('/');
    });

    it('shows a user Dashboard, the INR balance and Logout, and Watchlist only once KYC is verified', async () => {
      const { page, account } = await e2e.userPage();
      const shell = new AppShell(page);
      await shell.open('/markets');
      expect(await mainNavLinks(shell)).toEqual([
        ['Markets', '/markets'],
        ['Exchange', '/trade'],
        ['Quick Trade', '/quick-buy'],
        ['Dashboard', '/dashboard'],
      ]);
      expect(await shell.headerBalance.innerText()).toBe('₹0.00');
      expect(await shell.logoutButton.isVisible()).toBe(true);
      expect(await shell.headerLink('Login').count()).toBe(0);
      expect(await shell.headerLink('Sign Up').count()).toBe(0);

      await e2e.app.db.query(`UPDATE users SET kyc_status = 'verified' WHERE email = $1`, [
        account.email.toLowerCase(),
      ]);
      await shell.open('/markets');
      expect(await mainNavLinks(shell)).toEqual([
        ['Markets', '/markets'],
        ['Exchange', '/trade'],
        ['Quick Trade', '/quick-buy'],
        ['Watchlist', '/watchlist'],
        ['Dashboard', '/dashboard'],
      ]);
    });

    it('shows the admin an Admin link, from the role the server gives', async () => {
      const page = await e2e.adminPage();
      const shell = new AppShell(page);
      await shell.open('/');
      const links = await mainNavLinks(shell);
      expect(links).toContainEqual(['Admin', '/admin']);
      expect(links).toContainEqual(['Dashboard', '/dashboard']);
    });
  });

  describe('mobile', () => {
    it('opens a full-screen menu for guests with Login and Sign Up, locking page scroll', async () => {
      const page = await e2e.newPage(VIEWPORTS.mobile);
      const shell = new AppShell(page);
      await shell.open('/');
      expect(await shell.mainNav.isVisible()).toBe(false);
      expect(await shell.bodyOverflow()).not.toBe('hidden');

      const menu = await shell.openMobileMenu();
      const box = await menu.boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await shell.bodyOverflow()).toBe('hidden');
      expect(await menu.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Sign Up', exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await screenshot(page, 'mobile-menu-guest');

      await menu.getByRole('button', { name: 'Close menu' }).click();
      await menu.waitFor({ state: 'detached' });
      expect(await shell.bodyOverflow()).not.toBe('hidden');

      await (
        await shell.openMobileMenu()
      )
        .getByRole('link', { name: 'Sign Up', exact: true })
        .click();
      await page.waitForURL('**/signup');
      expect(await shell.bodyOverflow()).not.toBe('hidden');
    });

    it("shows a signed-in user's name, e-mail, INR balance and Logout in the menu", async () => {
      const { page, account } = await e2e.userPage(VIEWPORTS.mobile, { fullName: 'Kavya Menon' });
      // Money normally arrives by an approved deposit; the menu only needs a balance to show.
      await e2e.app.db.query(`UPDATE users SET balance = 1234567.5 WHERE email = $1`, [
        account.email.toLowerCase(),
      ]);
      const shell = new AppShell(page);
      await shell.open('/');
      const menu = await shell.openMobileMenu();
      expect(await menu.getByText('Kavya Menon').isVisible()).toBe(true);
      expect(await menu.getByText(account.email.toLowerCase()).isVisible()).toBe(true);
      expect(await menu.getByText('₹12,34,567.50').isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
      expect(await shell.bodyOverflow()).toBe('hidden');
      await screenshot(page, 'mobile-menu-user');

      await menu.getByRole('button', { name: 'Logout' }).click();
      await menu.waitFor({ state: 'detached' });
      await page.waitForURL((url) => url.pathname === '/');
      expect(await shell.bodyOverflow()).not.toBe('hidden');
      const guestMenu = await shell.openMobileMenu();
      await guestMenu.getByRole('link', { name: 'Login', exact: true }).waitFor();
    });

    it('has a bottom bar with Profile, Markets, Trade, Quick Buy and Wallet on mobile only', async () => {
      const page = await e2e.newPage(VIEWPORTS.mobile);
      const shell = new AppShell(page);
      await shell.open('/markets');
      const items = await shell.bottomBar
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']),
        );
      expect(items).toEqual([
        ['Profile', '/dashboard'],
        ['Markets', '/markets'],
        ['Trade', '/trade'],
        ['Quick Buy', '/quick-buy'],
        ['Wallet', '/dashboard/wallet/inr-deposit'],
      ]);
      expect(
        await shell.bottomBar.getByRole('link', { name: 'Markets' }).getAttribute('aria-current'),
      ).toBe('page');
      const bar = await shell.bottomBar.boundingBox();
      expect(bar && bar.y + bar.height).toBe(844);

      await page.setViewportSize(VIEWPORTS.desktop);
      expect(await shell.bottomBar.isVisible()).toBe(false);
    });
  });

  describe('dashboard', () => {
    it('has the side menu of the spec and routes its paths', async () => {
      const { page } = await e2e.userPage();
      const shell = new AppShell(page);
      await shell.open('/dashboard');
      await shell.dismissDialog();
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      const items = await menu
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']),
        );
      expect(items).toEqual([
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
      ]);
      await expect.poll(() => page.title()).toBe('Overview · Sikka');

      await expectSettlesAt(page, '/dashboard/wallet', '/dashboard/wallet/inr-deposit');
      await expect.poll(() => page.title()).toBe('Deposit INR · Sikka');
      for (const [path, title] of [
        ['/dashboard/wallet/inr-withdraw', 'Withdraw INR · Sikka'],
        ['/dashboard/wallet/crypto-deposit', 'Deposit Crypto · Sikka'],
        ['/dashboard/wallet/crypto-withdraw', 'Withdraw Crypto · Sikka'],
        ['/dashboard/quick-history', 'Quick History · Sikka'],
        // Paths the product does not define show the overview.
        ['/dashboard/spot', 'Overview · Sikka'],
        ['/dashboard/account/security', 'Overview · Sikka'],
        ['/dashboard/no/such/page', 'Overview · Sikka'],
      ] as const) {
        await shell.open(path);
        await expect.poll(() => page.title(), { message: path }).toBe(title);
        expect(shell.pathname()).toBe(path);
      }

      await shell.dismissDialog();
      await menu.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await shell.headerLink('Login').waitFor();
    });
  });

  it('shows a designed not-found page for unknown URLs', async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/no-such-page');
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    expect(await shell.header.isVisible()).toBe(true);
    expect(await shell.footer.isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Page not found · Sikka');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('has a footer with every link, the claims, placeholder contacts and an inert newsletter box', async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/');
    const hrefs = await shell.footer
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect([...hrefs].sort()).toEqual(
      [
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
      ].sort(),
    );
    const text = await shell.footer.innerText();
    for (const claim of [
      'Registered with the Financial Intelligence Unit (FIU-IND)',
      'AML compliant',
      'Mobile & desktop apps',
      '24/7 chat support',
      'support@sikka.example',
      '+91 00000 00000',
      'Placeholder address',
    ]) {
      expect(text).toContain(claim);
    }

    await shell.footer.getByLabel('Subscribe to our newsletter').fill('me@example.com');
    await shell.footer.getByRole('button', { name: 'Subscribe' }).click();
    expect(page.url()).toBe(`${e2e.baseURL}/`);

    // Every footer link opens a real page (not the not-found page), client-side.
    for (const href of hrefs) {
      await shell.footer.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL(`**${href}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), href ?? '').toBe(
        0,
      );
    }
  });

  it("shows 'Unexpected Application Error!' with the message when a page fails to load", async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/');
    // From now on every script request fails, so the next page's code cannot arrive.
    await page.route('**/assets/*.js', (route) => route.abort());
    await shell.footer.getByRole('link', { name: 'Careers' }).click();
    await page.getByRole('heading', { name: messages.router.unexpected }).waitFor();
    expect(await page.getByText('Failed to fetch dynamically imported module').isVisible()).toBe(
      true,
    );
  });

  it('a part whose code cannot be downloaded leaves the page up, says so, and loads on retry', async () => {
    const page = await e2e.newPage(VIEWPORTS.mobile);
    const shell = new AppShell(page);
    const blocked = (route: Route) => route.abort();
    await page.route('**/assets/{toaster,mobile-menu-panel}-*.js', blocked);
    await shell.open('/');
    // The toaster's code is asked for after start-up; its failure must not take the page down.
    await page.waitForEvent('requestfailed', {
      predicate: (request) => /\/assets\/toaster-/.test(request.url()),
    });
    await page.waitForTimeout(300);
    expect(await page.getByRole('heading', { name: messages.router.unexpected }).count()).toBe(0);
    expect(await shell.footer.isVisible()).toBe(true);

    // A part the user asked for says what failed, with Retry and Close.
    await shell.menuButton.click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: messages.router.partFailed('The menu') });
    await alert.waitFor();
    await screenshot(page, 'part-failed-menu');
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'detached' });
    await shell.menuButton.click();
    await alert.waitFor();

    // Back online: Retry downloads the code again and the menu opens.
    await page.unroute('**/assets/{toaster,mobile-menu-panel}-*.js', blocked);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await shell.mobileMenu.waitFor();
    expect(await alert.count()).toBe(0);
    expect(await page.getByRole('heading', { name: messages.router.unexpected }).count()).toBe(0);
  });

  it('a dialog whose code cannot be downloaded shows the same alert, at both sizes', async () => {
    const page = await e2e.newPage(VIEWPORTS.desktop);
    const shell = new AppShell(page);
    await page.route('**/assets/view-all-coins-panel-*.js', (route) => route.abort());
    await shell.open('/');
    await page.getByRole('button', { name: 'View All Coins' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: messages.router.partFailed('The coin list') });
    await alert.waitFor();
    await screenshotBothSizes(page, 'part-failed-dialog');
    expect(await alert.isVisible()).toBe(true);
    expect(await shell.footer.isVisible()).toBe(true);
  });

  it('the home market overview and the KYC form, when their code cannot be downloaded, say so', async () => {
    // Below the fold on /: the alert stands in place of the table, the page around it stays.
    const guest = await e2e.newPage(VIEWPORTS.desktop);
    await guest.route('**/assets/market-overview-*.js', (route) => route.abort());
    await new AppShell(guest).open('/');
    const overviewAlert = guest
      .getByRole('alert')
      .filter({ hasText: messages.router.partFailed('The market overview') });
    await overviewAlert.waitFor();
    await screenshotBothSizes(guest, 'part-failed-overview', (p) =>
      p.getByRole('alert').first().scrollIntoViewIfNeeded(),
    );
    expect(await new AppShell(guest).footer.isVisible()).toBe(true);

    // The individual KYC form: the alert, and Close cancels the flow (PRODUCT.md §2).
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    await page.route('**/assets/individual-kyc-dialog-*.js', (route) => route.abort());
    await new AppShell(page).open('/dashboard');
    const kyc = new KycFlow(page);
    await kyc.typeOption('Individual').click();
    const formAlert = page
      .getByRole('alert')
      .filter({ hasText: messages.router.partFailed('The KYC form') });
    await formAlert.waitFor();
    await screenshotBothSizes(page, 'part-failed-kyc-form');
    await formAlert.getByRole('button', { name: 'Close' }).click();
    await formAlert.waitFor({ state: 'detached' });
    expect(await kyc.typeDialog.count()).toBe(0);
    expect(await page.getByRole('heading', { name: messages.router.unexpected }).count()).toBe(0);
  });

  it('saves screenshots of home, dashboard and not-found at both sizes', async () => {
    const guest = await e2e.newPage();
    await new AppShell(guest).open('/');
    await screenshotBothSizes(guest, 'home');
    await new AppShell(guest).open('/no-such-page');
    await screenshotBothSizes(guest, 'not-found');
    const { page } = await e2e.userPage(VIEWPORTS.desktop, { fullName: 'Rohan Gupta' });
    const shell = new AppShell(page);
    await shell.open('/dashboard');
    await shell.dismissDialog();
    await screenshotBothSizes(page, 'dashboard');
    await screenshotBothSizes(page, 'skeleton', async (p) => {
      await p.reload({ waitUntil: 'commit' });
      await new AppShell(p).startupSkeleton.waitFor();
    });
  });
});
