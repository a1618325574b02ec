import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADING_SKELETON_MS, NEWSLETTER_SUBSCRIBED } from '@sikka/contracts';
import type { Locator, Page, Route } from 'playwright-core';
import { DASHBOARD_MENU, FOOTER_PATHS } from './support/site-map.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { AppShell } from './page-models/app-shell.ts';
import { KycFlow } from './page-models/kyc-flow.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { WalletPage } from './page-models/wallet-page.ts';
import { AdminPage } from './page-models/admin-page.ts';
import { boxes, within, type Box } from './support/geometry.ts';
import { StaticPage } from './page-models/static-page.ts';

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
    await expect(shell.startupSkeleton).toHaveCount(0);
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
      for (const path of [
        '/',
        '/markets',
        '/quick-buy',
        '/about',
        '/terms',
        '/login',
        '/signup',
        '/forgot-password',
        '/reset-password',
        '/verify-email',
        '/dev/mailbox',
      ]) {
        await expectSettlesAt(page, path, path);
      }
    });

    it('sends a signed-in user from /login and /signup to /dashboard and from /admin to /', async () => {
      const { page } = await e2e.userPage();
      await expectSettlesAt(page, '/login', '/dashboard');
      await expectSettlesAt(page, '/signup', '/dashboard');
      await expectSettlesAt(page, '/forgot-password', '/dashboard');
      // The pages of mailed links open signed in too.
      await expectSettlesAt(page, '/reset-password', '/reset-password');
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
      await expect(shell.logoutButton).toHaveCount(0);
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
      await expect(shell.headerBalance).toHaveText('₹0.00');
      await expect(shell.logoutButton).toBeVisible();
      await expect(shell.headerLink('Login')).toHaveCount(0);
      await expect(shell.headerLink('Sign Up')).toHaveCount(0);

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

    it('keeps every link and control on one line, apart and inside the page, from 768 to 1280 px with the most links there are', async () => {
      const page = await e2e.adminPage({ width: 1280, height: 800 });
      const shell = new AppShell(page);
      await shell.open('/markets');
      // The admin with verified KYC has every link: the header's fullest case.
      await e2e.app.db.query(`UPDATE users SET kyc_status = 'verified' WHERE role = 'admin'`);
      await shell.open('/markets');
      await expect(shell.mainNav.getByRole('link', { name: 'Watchlist' })).toBeVisible();
      for (const width of [780, 800, 900, 1000, 1024, 1100, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        // The logo, the page links and the controls on the right, left to right.
        const shown = await shell.header.evaluate((header) => {
          const row = header.firstElementChild!;
          const els = [
            ...row.querySelectorAll(':scope > a, nav[aria-label="Main"] a'),
            ...[...row.querySelectorAll(':scope > div')].flatMap((div) => [...div.children]),
          ];
          return els
            .map((el) => {
              const r = el.getBoundingClientRect();
              // The lines its visible text takes: its text boxes grouped by their tops.
              const tops: number[] = [];
              const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                if (!node.textContent?.trim() || node.parentElement!.offsetWidth <= 1) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                for (const box of range.getClientRects()) if (box.width > 0) tops.push(box.top);
              }
              tops.sort((a, b) => a - b);
              const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
              return {
                text: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
                x: r.x,
                right: r.right,
                lines,
                clipped: el.scrollWidth > el.clientWidth + 1,
              };
            })
            .filter((item) => item.right > item.x);
        });
        // From 1024 px: the logo, six links, balance, bell and Logout (the name from 1280 px).
        // Below, the logo, the bell and the menu that holds the rest.
        const texts = shown.map((item) => item.text);
        if (width >= 1024) {
          expect(texts.slice(1, 7), `${width}px`).toEqual([
            'Markets',
            'Exchange',
            'Quick Trade',
            'Watchlist',
            'Dashboard',
            'Admin',
          ]);
          expect(texts, `${width}px`).toContain('Logout');
        } else {
          expect(texts, `${width}px`).toEqual(['Sikka home', 'Notifications', 'Open menu']);
        }
        for (const [i, item] of shown.entries()) {
          const at = `${width}px: "${item.text}"`;
          expect(item.clipped, `${at} is cut off`).toBe(false);
          expect(item.lines, `${at} wraps`).toBeLessThanOrEqual(1);
          expect(item.right, `${at} runs off the page`).toBeLessThanOrEqual(width);
          if (i > 0) {
            expect(item.x, `${at} overlaps "${shown[i - 1]!.text}"`).toBeGreaterThanOrEqual(
              shown[i - 1]!.right - 0.5,
            );
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        if (width === 800 || width === 1024) await screenshot(page, `header-admin`);
      }
    });
  });

  describe('mobile', () => {
    it('opens a full-screen menu for guests with Login and Sign Up, locking page scroll', async () => {
      const page = await e2e.newPage(VIEWPORTS.mobile);
      const shell = new AppShell(page);
      await shell.open('/');
      await expect(shell.mainNav).toBeHidden();
      expect(await shell.bodyOverflow()).not.toBe('hidden');

      const menu = await shell.openMobileMenu();
      const box = await menu.boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      expect(await shell.bodyOverflow()).toBe('hidden');
      await expect(menu.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
      await expect(shell.menuLogout).toHaveCount(0);
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
      await expect(menu.getByText('Kavya Menon')).toBeVisible();
      await expect(menu.getByText(account.email.toLowerCase())).toBeVisible();
      await expect(menu.getByText('₹12,34,567.50')).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      expect(await shell.bodyOverflow()).toBe('hidden');
      await screenshot(page, 'mobile-menu-user');

      await shell.menuLogout.click();
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
      await expect(shell.bottomBar).toBeHidden();
    });
  });

  describe('tab rows that scroll sideways', () => {
    /** Whether the link's or tab's box lies wholly inside the row's (not cut off by an edge). */
    async function shownWhole(item: Locator, row: Locator): Promise<boolean> {
      const [inner] = await boxes(item);
      const [outer] = await boxes(row);
      return within(inner!, outer!);
    }
    const rightEdge = (b: Box) => b.x + b.width;

    it('on a phone the dashboard strip shows a fade where more items hide and none where it ends, and keeps the current one in sight', async () => {
      const { page } = await e2e.userPage(VIEWPORTS.mobile);
      const shell = new AppShell(page);
      const dashboard = new DashboardPage(page);
      await shell.open('/dashboard');
      await shell.dismissDialog();
      const strip = dashboard.mobileMenu;
      const links = strip.getByRole('link');
      await expect(links.first()).toBeVisible();
      // The strip is wider than the phone: its last item is cut off or out of sight…
      expect(await shownWhole(links.last(), strip)).toBe(false);
      // …and the strip says so, at that edge only.
      await expect(dashboard.mobileMenuMore('end')).toBeVisible();
      await expect(dashboard.mobileMenuMore('start')).toHaveCount(0);
      const [fade] = await boxes(dashboard.mobileMenuMore('end'));
      const [nav] = await boxes(strip);
      expect(Math.abs(rightEdge(fade!) - rightEdge(nav!))).toBeLessThan(1);
      // The fade lets taps through to the item under it.
      const under = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null,
        [fade!.x + fade!.width / 2, fade!.y + fade!.height / 2],
      );
      expect(under).not.toBeNull();
      await screenshot(page, 'dashboard-strip-start');

      // Swiped to the end: the fade moves to the other edge.
      await links.last().scrollIntoViewIfNeeded();
      await expect(dashboard.mobileMenuMore('end')).toHaveCount(0);
      await expect(dashboard.mobileMenuMore('start')).toBeVisible();
      expect(await shownWhole(links.last(), strip)).toBe(true);

      // A page in the middle of the strip: its item in sight, more on both sides.
      await shell.open('/dashboard/quick-history');
      await shell.dismissDialog();
      const current = strip.locator('[aria-current="page"]');
      await expect(current).toHaveText('Quick History');
      await expect(dashboard.mobileMenuMore('start')).toBeVisible();
      await expect(dashboard.mobileMenuMore('end')).toBeVisible();
      expect(await shownWhole(current, strip)).toBe(true);
      await screenshot(page, 'dashboard-strip-middle');
    });

    it("the wallet's tabs beside the side menu scroll instead of running off the page, with a fade where more hide", async () => {
      const { page } = await e2e.userPage({ width: 900, height: 800 });
      const wallet = new WalletPage(page);
      const shell = new AppShell(page);
      await shell.open('/dashboard/wallet/crypto-withdraw');
      await shell.dismissDialog();
      const current = wallet.tabs.locator('[aria-current="page"]');
      await expect(current).toHaveText('Withdraw Crypto');
      await looksRight(current)(page);
      expect(await shownWhole(current, wallet.tabs)).toBe(true);
      await expect(wallet.tabsMore('start')).toBeVisible();
      await expect(wallet.tabsMore('end')).toHaveCount(0);
      // Where the row fits, no fade; on a phone it is a grid, every tab in sight.
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
        await page.setViewportSize(viewport);
        await expect(current).toBeVisible();
        await expect(wallet.tabsMore('start')).toHaveCount(0);
        await expect(wallet.tabsMore('end')).toHaveCount(0);
        for (const link of await wallet.tabs.getByRole('link').all()) {
          expect(await shownWhole(link, wallet.tabs), `${await link.innerText()}`).toBe(true);
        }
      }
    });

    it("on a phone the admin's tabs show a fade where more hide, and none on a desktop", async () => {
      const admin = new AdminPage(await e2e.adminPage(VIEWPORTS.mobile));
      await admin.goto();
      await expect(admin.tab('Users')).toBeVisible();
      // The row is as wide as its tabs; the phone's screen is what cuts it off.
      const screen = { x: 0, y: 0, ...VIEWPORTS.mobile };
      const [lastTab] = await boxes(admin.tab('Audit log'));
      expect(within(lastTab!, screen)).toBe(false);
      await expect(admin.tabsMore('end')).toBeVisible();
      await expect(admin.tabsMore('start')).toHaveCount(0);
      await screenshot(admin.page, 'admin-tabs');
      await admin.page.setViewportSize(VIEWPORTS.desktop);
      await expect(admin.tabsMore('end')).toHaveCount(0);
      await expect(admin.tabsMore('start')).toHaveCount(0);
    });
  });

  describe('dashboard', () => {
    it('has the side menu of the spec and routes its paths', async () => {
      const { page } = await e2e.userPage();
      const shell = new AppShell(page);
      await shell.open('/dashboard');
      await shell.dismissDialog();
      const dashboard = new DashboardPage(page);
      const items = await dashboard.sideMenu
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']),
        );
      expect(items).toEqual(DASHBOARD_MENU);
      await expect.poll(() => page.title()).toBe('Overview · Sikka');

      // The wallet's landing is its overview of every asset (issue 19).
      await expectSettlesAt(page, '/dashboard/wallet', '/dashboard/wallet');
      await expect.poll(() => page.title()).toBe('Wallet · Sikka');
      for (const [path, title] of [
        ['/dashboard/wallet/inr-deposit', 'Deposit INR · Sikka'],
        ['/dashboard/wallet/inr-withdraw', 'Withdraw INR · Sikka'],
        ['/dashboard/wallet/crypto-deposit', 'Deposit Crypto · Sikka'],
        ['/dashboard/wallet/crypto-withdraw', 'Withdraw Crypto · Sikka'],
        ['/dashboard/quick-history', 'Quick History · Sikka'],
        ['/dashboard/account/security', 'Security · Sikka'],
        // Paths the product does not define show the overview.
        ['/dashboard/spot', 'Overview · Sikka'],
        ['/dashboard/no/such/page', 'Overview · Sikka'],
      ] as const) {
        await shell.open(path);
        await expect.poll(() => page.title(), { message: path }).toBe(title);
        expect(shell.pathname()).toBe(path);
      }

      await shell.dismissDialog();
      await dashboard.logout.click();
      await page.waitForURL((url) => url.pathname === '/');
      await shell.headerLink('Login').waitFor();
    });
  });

  it('shows a designed not-found page for unknown URLs', async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/no-such-page');
    await expect(shell.notFound).toBeVisible();
    await expect(shell.header).toBeVisible();
    await expect(shell.footer).toBeVisible();
    await expect.poll(() => page.title()).toBe('Page not found · Sikka');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('has a footer with every link, the claims, placeholder contacts and a newsletter box', async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/');
    const hrefs = await shell.footer
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect([...hrefs].sort()).toEqual([...FOOTER_PATHS].sort());
    const text = await shell.footer.innerText();
    for (const claim of [
      'Registered with the Financial Intelligence Unit (FIU-IND)',
      'AML compliant',
      'Mobile & desktop apps coming soon',
      'Support by ticket and e-mail',
      'support@sikka.example',
      '+91 00000 00000',
      'Placeholder address',
    ]) {
      expect(text).toContain(claim);
    }
    await screenshotBothSizes(page, 'footer', async (p) => {
      await looksRight(shell.footer)(p);
      await shell.footer.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    await shell.footer.getByLabel('Subscribe to our newsletter').fill('me@example.com');
    await shell.footer.getByRole('button', { name: 'Subscribe' }).click();
    // Subscribed in place (e2e/shell-polish.test.ts checks what is stored); no page reload.
    await expect(shell.footer.getByRole('status')).toHaveText(NEWSLETTER_SUBSCRIBED);
    expect(page.url()).toBe(`${e2e.baseURL}/`);

    // Every footer link opens a real page (not the not-found page), client-side.
    for (const href of hrefs) {
      await shell.footer.locator(`a[href="${href}"]`).first().click();
      await page.waitForURL(`**${href}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(shell.notFound, href ?? '').toHaveCount(0);
    }
  });

  it("shows 'Unexpected Application Error!' with the message when a page fails to load", async () => {
    const page = await e2e.newPage();
    const shell = new AppShell(page);
    await shell.open('/');
    // From now on every script request fails, so the next page's code cannot arrive.
    await page.route('**/assets/*.js', (route) => route.abort());
    await shell.footer.getByRole('link', { name: 'Careers' }).click();
    await shell.errorPage.waitFor();
    await expect(page.getByText('Failed to fetch dynamically imported module')).toBeVisible();
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
    // The failure is handled by the time the page paints again; an error page would show then.
    await shell.nextPaint();
    await expect(shell.errorPage).toHaveCount(0);
    await expect(shell.footer).toBeVisible();

    // A part the user asked for says what failed, with Retry and Close.
    await shell.menuButton.click();
    const alert = shell.partFailed('The menu');
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
    await expect(alert).toHaveCount(0);
    await expect(shell.errorPage).toHaveCount(0);
  });

  it('a dialog whose code cannot be downloaded shows the same alert, at both sizes', async () => {
    const page = await e2e.newPage(VIEWPORTS.desktop);
    const shell = new AppShell(page);
    await page.route('**/assets/view-all-coins-panel-*.js', (route) => route.abort());
    await shell.open('/');
    await page.getByRole('button', { name: 'View All Coins' }).click();
    const alert = shell.partFailed('The coin list');
    await alert.waitFor();
    await screenshotBothSizes(page, 'part-failed-dialog');
    await expect(alert).toBeVisible();
    await expect(shell.footer).toBeVisible();
  });

  it('the home market overview and the KYC form, when their code cannot be downloaded, say so', async () => {
    // Below the fold on /: the alert stands in place of the table, the page around it stays.
    const guest = await e2e.newPage(VIEWPORTS.desktop);
    await guest.route('**/assets/market-overview-*.js', (route) => route.abort());
    const guestShell = new AppShell(guest);
    await guestShell.open('/');
    const overviewAlert = guestShell.partFailed('The market overview');
    await overviewAlert.waitFor();
    await screenshotBothSizes(guest, 'part-failed-overview', () =>
      overviewAlert.scrollIntoViewIfNeeded(),
    );
    await expect(guestShell.footer).toBeVisible();

    // The individual KYC form: the alert, and Close cancels the flow (PRODUCT.md §2).
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    await page.route('**/assets/individual-kyc-dialog-*.js', (route) => route.abort());
    const kyc = new KycFlow(page);
    await kyc.shell.open('/dashboard');
    await kyc.typeOption('Individual').click();
    const formAlert = kyc.shell.partFailed('The KYC form');
    await formAlert.waitFor();
    await screenshotBothSizes(page, 'part-failed-kyc-form');
    await formAlert.getByRole('button', { name: 'Close' }).click();
    await formAlert.waitFor({ state: 'detached' });
    await expect(kyc.typeDialog).toHaveCount(0);
    await expect(kyc.shell.errorPage).toHaveCount(0);
  });

  it('home, dashboard and not-found show their title, fit both sizes, and are kept as screenshots', async () => {
    const guest = await e2e.newPage();
    const guestShell = new AppShell(guest);
    await guestShell.open('/');
    await screenshotBothSizes(guest, 'home', looksRight(guestShell.pageHeading, guestShell.header));
    await guestShell.open('/no-such-page');
    await screenshotBothSizes(
      guest,
      'not-found',
      looksRight(new StaticPage(guest).notFound, guestShell.footer),
    );
    const { page } = await e2e.userPage(VIEWPORTS.desktop, { fullName: 'Rohan Gupta' });
    const shell = new AppShell(page);
    const dashboard = new DashboardPage(page);
    await shell.open('/dashboard');
    await shell.dismissDialog();
    await screenshotBothSizes(
      page,
      'dashboard',
      looksRight(shell.pageHeading, dashboard.walletBalance),
    );
    await screenshotBothSizes(page, 'skeleton', async (p) => {
      await p.reload({ waitUntil: 'commit' });
      await new AppShell(p).startupSkeleton.waitFor();
    });
  });
});
