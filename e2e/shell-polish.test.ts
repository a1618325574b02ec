import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COOKIE_CONSENT_STORAGE_KEY,
  messages,
  NEWSLETTER_SUBSCRIBED,
  TOAST_MS,
} from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e, type Viewport } from './support/e2e-app.ts';
import { screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { boxes, intersects, reachableAtCentre, scrollY } from './support/geometry.ts';
import { verifiedUserPage } from './support/money-seed.ts';
import { AppShell } from './page-models/app-shell.ts';
import { LoginPage } from './page-models/login-page.ts';
import { SecurityPage } from './page-models/security-page.ts';
import { CookieBannerModel, HomePage } from './page-models/markets.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const sizes: ReadonlyArray<[string, Viewport]> = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.mobile],
];

/** What stays out of a person's way: toasts, the cookie banner, scroll position, coin icons. */
describe.skipIf(Boolean(skip))('the shell keeps out of the way', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  for (const [name, viewport] of sizes) {
    it(`a successful sign-in takes the failed one's toast away (${name})`, async () => {
      const account = await e2e.signUpViaApi();
      const page = await e2e.newPage(viewport);
      const login = new LoginPage(page);
      const shell = login.shell;
      await login.goto();
      await login.login(account.email, 'not the password 1');
      const failed = shell.toast(messages.login.invalidCredentials, 'error');
      await failed.waitFor();
      await login.password.fill(account.password);
      await login.submit.click();
      await shell.toast(messages.login.success, 'success').waitFor();
      // Gone with the success, well before its own TOAST_MS would end it: it once stayed on
      // screen beside 'Login successful!', saying the opposite.
      await expect(failed).toHaveCount(0, { timeout: TOAST_MS / 5 });
      await page.waitForURL('**/dashboard');
      // The dashboard drawn (its header), not the login form still showing under the new URL.
      await expect(page.locator('header').first()).toBeVisible();
      await expect(shell.toast(messages.login.success, 'success')).toBeVisible();
      await expect(failed).toHaveCount(0);
      await screenshot(page, 'toasts-after-sign-in');
    });

    it(`toasts stack below the header, apart, with a 24 px close button (${name})`, async () => {
      const { page } = await verifiedUserPage(e2e, viewport);
      const security = new SecurityPage(page);
      await security.open();
      // Two toasts at once: the profile saved twice in a row (each toast lasts TOAST_MS).
      // (A failed sign-in and then the successful one no longer leave two: the failure's goes.)
      const fullName = security.profile.getByLabel('Full name');
      const save = security.profile.getByRole('button', { name: 'Save profile' });
      const saved = security.shell.toast('Your profile is saved.', 'success');
      await fullName.fill('Asha Verma');
      await save.click();
      await expect(saved).toHaveCount(1);
      await fullName.fill('Asha Varma');
      await save.click();
      await expect(saved).toHaveCount(2);
      const headerBar = page.locator('header').first();
      await expect(headerBar).toBeVisible();

      const toasts = page.locator('[data-sonner-toast][data-visible="true"]');
      // Until their entrance has settled: both drawn, not moving between two reads.
      let last = '';
      await expect
        .poll(async () => {
          const now = JSON.stringify(await boxes(toasts));
          const settled = now === last && (await toasts.count()) === 2;
          last = now;
          return settled;
        })
        .toBe(true);
      const header = (await boxes(headerBar))[0]!;
      const [first, second] = await boxes(toasts);
      expect(intersects(first!, header), 'first toast over the header').toBe(false);
      expect(intersects(second!, header), 'second toast over the header').toBe(false);
      expect(intersects(first!, second!), 'toasts overlap').toBe(false);
      for (const close of await boxes(toasts.locator('[data-close-button]'))) {
        expect(close.width).toBeGreaterThanOrEqual(24);
        expect(close.height).toBeGreaterThanOrEqual(24);
      }
      await screenshot(page, 'toasts-stacked');
    });

    it(`the cookie banner leaves the hero's actions reachable (${name})`, async () => {
      const page = await e2e.newPage(viewport);
      // A first visit: no consent stored (runs after the suite's consent script).
      await page.addInitScript((key) => localStorage.removeItem(key), COOKIE_CONSENT_STORAGE_KEY);
      const home = new HomePage(page);
      const banner = new CookieBannerModel(page);
      await home.goto();
      await expect(banner.root).toBeVisible();
      await expect(banner.acceptAll).toBeVisible();
      // Wait out the slide-in so the banner is where it will stay.
      await expect.poll(() => banner.root.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      for (const action of [home.startTrading, home.createAccount]) {
        await expect(action).toBeVisible();
        expect(await reachableAtCentre(action), await action.innerText()).toBe(true);
      }
      // Compact: a strip, not a card over the first screen.
      const [box] = await boxes(banner.root);
      expect(box!.height).toBeLessThanOrEqual(viewport.width < 768 ? 140 : 80);
      await screenshot(page, 'cookie-banner-compact');
    });
  }

  it('the cookie banner never hides the end of a page: on a phone, Create Account can be reached above it', async () => {
    const page = await e2e.newPage(VIEWPORTS.mobile);
    await page.addInitScript((key) => localStorage.removeItem(key), COOKIE_CONSENT_STORAGE_KEY);
    const shell = new AppShell(page);
    await shell.open('/signup');
    const banner = new CookieBannerModel(page);
    await expect(banner.root).toBeVisible();
    await expect.poll(() => banner.root.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const create = page.getByRole('button', { name: 'Create Account' });
    // Scrolled to the end, as a person would to reach the form's button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => reachableAtCentre(create)).toBe(true);
    await screenshot(page, 'cookie-banner-signup-end');
    // Closing the banner gives the space back.
    await banner.root.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner.root).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
  });

  it('a full page load starts at the top, not where the last page was scrolled to', async () => {
    const page = await e2e.newPage(VIEWPORTS.mobile);
    const shell = new AppShell(page);
    await shell.open('/about');
    await expect(shell.pageHeading).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);

    // A second full load (typed address, a link from a mail): the new page is at its top.
    await shell.open('/terms');
    await expect(shell.pageHeading).toHaveText('Terms of Service');
    await shell.settledPathname();
    expect(await scrollY(page)).toBe(0);
    await shell.open('/careers');
    await shell.settledPathname();
    expect(await scrollY(page)).toBe(0);
    // A page opened inside the app starts at the top too.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await shell.footer.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  it('the newsletter box stores the address and says so; a bad one gets a message', async () => {
    const page = await e2e.newPage(VIEWPORTS.mobile);
    const shell = new AppShell(page);
    await shell.open('/about');
    const form = shell.footer.getByRole('form', { name: 'Newsletter' });
    const email = form.getByLabel('Subscribe to our newsletter');
    await email.fill('not an address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText(messages.signup.emailInvalid);
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');

    await email.fill('Footer.Reader@Example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const done = shell.footer.getByRole('status');
    await expect(done).toHaveText(NEWSLETTER_SUBSCRIBED);
    const rows = await e2e.app.db.query<{ email: string }>(
      'SELECT email FROM newsletter_subscriptions WHERE email = $1',
      ['footer.reader@example.com'],
    );
    expect(rows).toHaveLength(1);
    await done.scrollIntoViewIfNeeded();
    await screenshotBothSizes(page, 'newsletter-subscribed', async () => {
      await done.scrollIntoViewIfNeeded();
    });
  });

  it('coin icons come from our server; none is fetched from another origin', async () => {
    const page = await e2e.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(e2e.baseURL) && !/^(data|blob):/.test(url)) elsewhere.push(url);
    });
    const home = new HomePage(page);
    await home.goto();
    await home.overview.loaded();
    // The table's rows render when on screen (content-visibility), as a reader scrolls to them.
    await home.overview.root.scrollIntoViewIfNeeded();
    const loaded = page.locator('[data-icon-state="loaded"] img');
    await expect(loaded.first()).toBeVisible();
    const icons = () =>
      loaded.evaluateAll((imgs: HTMLImageElement[]) =>
        imgs.map((img) => ({ src: img.currentSrc, width: img.naturalWidth })),
      );
    // Bitcoin's is the PNG set's 64×64; a later coin's (SUI, PEPE, …) is an SVG, 24×24 as drawn.
    await expect
      .poll(async () => {
        const shown = await icons();
        return [
          shown.find((i) => i.src.endsWith('/coin-icons/btc'))?.width,
          shown.some((i) => i.width === 24),
        ];
      })
      .toEqual([64, true]);
    for (const icon of await icons()) {
      expect(icon.src).toMatch(new RegExp(`^${e2e.baseURL}/coin-icons/[a-z0-9]+$`));
    }
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
  });
});
