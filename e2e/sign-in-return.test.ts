import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSkipReason, startE2e, type Account, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { LoginPage } from './page-models/login-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const LIVE = { timeout: 15_000 };

describe.skipIf(Boolean(skip))('signing in returns to the page that asked for it', () => {
  let e2e: E2e;
  let account: Account;
  beforeAll(async () => {
    e2e = await startE2e();
    account = await e2e.signUpViaApi();
  });
  afterAll(() => e2e?.close());

  /** A guest opens `path`, is sent to /login, signs in; answers where they end up. */
  async function signInFrom(path: string, expectLogin: string) {
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.shell.open(path);
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search, LIVE)
      .toBe(expectLogin);
    await login.email.waitFor();
    await login.login(account.email, account.password);
    await expect.poll(() => login.shell.pathname(), LIVE).not.toBe('/login');
    const url = new URL(page.url());
    return { page, landed: `${url.pathname}${url.search}` };
  }

  it('a guest sent from /watchlist or /trade comes back there after signing in', async () => {
    const watch = await signInFrom('/watchlist', '/login?next=%2Fwatchlist');
    expect(watch.landed).toBe('/watchlist');
    await screenshotBothSizes(watch.page, 'sign-in-returned-watchlist');

    const trade = await signInFrom('/trade', '/login?next=%2Ftrade');
    expect(trade.landed).toBe('/trade');
    const deep = await signInFrom(
      '/dashboard/wallet/inr-withdraw',
      '/login?next=%2Fdashboard%2Fwallet%2Finr-withdraw',
    );
    expect(deep.landed).toBe('/dashboard/wallet/inr-withdraw');
  });

  it('only ever returns to a path of this site: other sites and tricks land on /dashboard', async () => {
    for (const next of [
      '//evil.example',
      'https://evil.example/trade',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login',
    ]) {
      const page = await e2e.newPage();
      const login = new LoginPage(page);
      await login.shell.open(`/login?next=${encodeURIComponent(next)}`);
      await login.email.waitFor();
      await login.login(account.email, account.password);
      await expect.poll(() => login.shell.pathname(), LIVE).toBe('/dashboard');
      expect(new URL(page.url()).origin).toBe(e2e.baseURL);
      await page.context().close();
    }
  });

  it('a signed-in visitor of /login?next= goes straight there', async () => {
    const page = await e2e.newPage(undefined, await e2e.storageStateFor(account));
    const login = new LoginPage(page);
    await login.shell.open('/login?next=%2Fwatchlist');
    await expect.poll(() => login.shell.pathname(), LIVE).toBe('/watchlist');
    await login.shell.open('/login?next=%2F%2Fevil.example');
    await expect.poll(() => login.shell.pathname(), LIVE).toBe('/dashboard');
  });
});
