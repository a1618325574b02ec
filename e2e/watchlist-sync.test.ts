import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_STORAGE_KEY } from '@sikka/contracts';
import type { Page } from 'playwright-core';
import { e2eSkipReason, startE2e, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { LoginPage } from './page-models/login-page.ts';
import { HomePage, WatchlistPage } from './page-models/markets.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const LIVE = { timeout: 15_000 };

describe.skipIf(Boolean(skip))('the watchlist follows a signed-in user to another browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  const serverList = async (page: Page) =>
    ((await (await page.request.get('/api/me/watchlist')).json()) as { ids: string[] }).ids;
  const localList = (page: Page) =>
    page.evaluate((k) => localStorage.getItem(k), WATCHLIST_STORAGE_KEY);

  it('added on one browser, seen on another after sign-in, merged with that one’s guest list', async () => {
    const account = await e2e.signUpViaApi();
    // Browser A, signed in: two stars.
    const a = await e2e.newPage(undefined, await e2e.storageStateFor(account));
    const homeA = new HomePage(a);
    await homeA.goto();
    await homeA.overview.loaded();
    await homeA.overview.star('BTC').click();
    await homeA.overview.star('ETH').click();
    await expect.poll(() => serverList(a), LIVE).toEqual(['BTCINR', 'ETHINR']);

    // Browser B, a guest: a star of its own, kept in the browser only.
    const b = await e2e.newPage();
    const homeB = new HomePage(b);
    await homeB.goto();
    await homeB.overview.loaded();
    await homeB.overview.star('ETH').click();
    await homeB.overview.star('DOGE').click();
    expect(await localList(b)).toBe('["ETHINR","DOGEINR"]');

    // B signs in: A's list and B's, each coin once.
    const login = new LoginPage(b);
    await login.goto();
    await login.login(account.email, account.password);
    await expect.poll(() => login.shell.pathname(), LIVE).toBe('/dashboard');
    const watchB = new WatchlistPage(b);
    await watchB.goto();
    await expect.poll(() => watchB.symbols(), LIVE).toEqual(['BTC', 'ETH', 'DOGE']);
    await expect.poll(() => serverList(b), LIVE).toEqual(['BTCINR', 'ETHINR', 'DOGEINR']);
    await screenshotBothSizes(b, 'watchlist-synced');

    // A opens its watchlist: the merged list.
    const watchA = new WatchlistPage(a);
    await watchA.goto();
    await expect.poll(() => watchA.symbols(), LIVE).toEqual(['BTC', 'ETH', 'DOGE']);

    // A removal on B stays removed on A (A's older copy does not bring it back).
    await watchB.remove('ETH').click();
    await expect.poll(() => serverList(b), LIVE).toEqual(['BTCINR', 'DOGEINR']);
    await watchA.goto();
    await expect.poll(() => watchA.symbols(), LIVE).toEqual(['BTC', 'DOGE']);
    expect(await localList(a)).toBe('["BTCINR","DOGEINR"]');
  });
});
