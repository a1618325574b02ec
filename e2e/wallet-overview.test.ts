import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotBalancesResponse } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { creditInr, executeTrade, userIdOf, verifiedUserPage } from './support/money-seed.ts';
import { WalletPage } from './page-models/wallet-page.ts';
import { namesNotWhole } from './page-models/markets.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('the wallet overview in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    // The spot exchange is off (the default): the overview must list every asset anyway.
    e2e = await startE2e({ frozenMarket: true });
  });
  afterAll(() => e2e?.close());

  it('lists INR, USDT and a coin from the spot exchange with available, in orders, held and INR value', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    const userId = await userIdOf(e2e.app, account.email);
    await creditInr(e2e.app, userId, '10000');
    await executeTrade(e2e.app, userId, 'buy', '10', '90.00');
    // A coin only the spot exchange gives (the house's funding function, ledger and all).
    await e2e.app.db.query(`SELECT spot_fund_account($1, 'BTC', 0.005)`, [userId]);
    // ₹1,500 held by a withdrawal request in flight.
    await e2e.app.db.query(
      `SELECT request_withdrawal($1, (SELECT id FROM bank_accounts WHERE user_id = $1 LIMIT 1),
                                 1500, 100, 1000000, 5000000)`,
      [userId],
    );

    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet', { kycPending: false });
    await expect.poll(() => page.title()).toBe('Wallet · Sikka');
    expect(
      await wallet.tabs.getByRole('link', { name: 'Balances' }).getAttribute('aria-current'),
    ).toBe('page');
    const table = page.getByRole('table', { name: 'Your assets' });
    const row = (asset: string) => table.locator('tbody tr').filter({ hasText: asset });
    const cells = async (asset: string) =>
      (await row(asset).locator('td').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    await expect(row('Indian Rupee')).toBeVisible();

    const server = (await (
      await page.request.get('/api/spot/balances')
    ).json()) as SpotBalancesResponse;
    const of = (asset: string) => server.assets.find((a) => a.asset === asset)!;
    const inrValue = (v: string | null) =>
      `₹${Number(v).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    // INR: 10,000 − 900 spent − 1,500 held = 7,600 free; its value counts the held part too.
    expect((await cells('Indian Rupee')).slice(0, 5)).toEqual([
      'INR Indian Rupee',
      '₹7,600.00',
      '₹0.00',
      '₹1,500.00',
      '₹9,100.00',
    ]);
    const usdt = await cells('Tether');
    expect(usdt.slice(1, 5)).toEqual(['10', '0', '0', inrValue(of('USDT').valueInr)]);
    const btc = await cells('BTC');
    expect(btc.slice(1, 5)).toEqual(['0.005', '0', '0', inrValue(of('BTC').valueInr)]);
    expect(of('BTC').valueInr).not.toBeNull();
    await expect(page.getByTestId('your-assets')).toContainText(inrValue(server.totalValueInr));

    // The held assets come first; the deposit and withdraw pages are one click away.
    const order = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(order.slice(0, 3).map((t) => t.split('\n')[0])).toEqual(['INR', 'BTC', 'USDT']);
    expect(
      await row('Indian Rupee')
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual(['/dashboard/wallet/inr-deposit', '/dashboard/wallet/inr-withdraw']);
    await expect(row('BTC')).toContainText('Trade only');
    // Every asset's name shows whole at both sizes (a table, and cards on a phone).
    await screenshotBothSizes(page, 'wallet-overview', async (p, viewport) => {
      await looksRight(page.getByTestId('your-assets'))(p);
      const shown = await page
        .getByTestId('your-assets')
        .getByTestId('coin-name')
        .evaluateAll((names) => names.filter((n) => n.checkVisibility()).map((n) => n.textContent));
      expect(shown).toContain('Tether');
      expect(
        await namesNotWhole(page.getByTestId('your-assets')),
        `${viewport.width}×${viewport.height}`,
      ).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    await row('Tether').getByRole('link', { name: 'Deposit USDT' }).click();
    await page.waitForURL('**/dashboard/wallet/crypto-deposit');
    await wallet.tabs.getByRole('link', { name: 'Balances' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/wallet');
    await expect(row('Indian Rupee')).toBeVisible();
  });
});
