import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { DASHBOARD_MENU } from './support/site-map.ts';
import { AppShell } from './page-models/app-shell.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import {
  approveAsAdmin,
  creditInr,
  uniqueUtr,
  userIdOf,
  verifiedUserPage,
  verifyKyc,
} from './support/money-seed.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { WalletPage } from './page-models/wallet-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('dashboard and INR deposits in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('a deposit request approved by the admin shows on the open dashboard without a reload', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    const wallet = new WalletPage(page);
    const shell = wallet.shell;
    const utr = uniqueUtr();

    await wallet.openDepositForm();
    // The request carries an Idempotency-Key.
    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/deposits') && r.method() === 'POST',
    );
    await wallet.requestDeposit('2500', utr);
    const request = await posted;
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await shell.toast(messages.deposits.submitted, 'success').waitFor();
    // The list is read again after the submit: the new request is on top, pending.
    const firstRow = wallet.depositRows.first();
    await firstRow.getByText(utr).waitFor();
    await expect(firstRow).toContainText('₹2,500.00');
    await expect(firstRow).toContainText('Pending');
    // The form is ready for the next request.
    expect(await wallet.amount.inputValue()).toBe('');

    // To the dashboard inside the app; a marker on window proves no reload happens after.
    await page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Overview' })
      .click();
    const dashboard = new DashboardPage(page);
    await dashboard.walletBalance.waitFor();
    await expect(dashboard.walletBalance).toHaveText('₹0.00');
    await expect(shell.headerBalance).toHaveText('₹0.00');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const userId = await userIdOf(e2e.app, account.email);
    const [deposit] = await e2e.app.db.query<{ id: string }>(
      'SELECT id FROM deposits WHERE user_id = $1 AND utr_number = $2',
      [userId, utr],
    );
    await approveAsAdmin(e2e.app, deposit!.id);

    await page.waitForFunction(
      () => document.querySelector('[data-testid="header-balance"]')?.textContent === '₹2,500.00',
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="wallet-balance-inr"]')?.textContent === '₹2,500.00',
    );
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    // Back on the wallet, the request reads approved.
    await page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link', { name: 'Wallet' })
      .click();
    await wallet.depositRows.first().getByText('Approved').waitFor();
    await screenshotBothSizes(page, 'wallet-inr-deposit-recent');
  });

  it('checks the deposit form: required, numeric, limits, and the server’s field messages', async () => {
    const { page } = await verifiedUserPage(e2e);
    const wallet = new WalletPage(page);
    await wallet.openDepositForm();

    await wallet.submit.click();
    expect(await wallet.fieldErrors()).toEqual([
      messages.deposits.amountRequired,
      messages.deposits.utrRequired,
    ]);
    expect(await wallet.amount.getAttribute('aria-invalid')).toBe('true');

    // After the first submit every change is checked at once.
    for (const [amount, message] of [
      ['abc', messages.deposits.amountNumeric],
      ['99', messages.deposits.amountMin],
      ['1000001', messages.deposits.amountMax],
    ] as const) {
      await wallet.amount.fill(amount);
      expect(await wallet.fieldErrors()).toContain(message);
    }
    await wallet.amount.fill('100');
    await wallet.utrNumber.fill('X');
    expect(await wallet.fieldErrors()).toEqual([]);

    // The server's own field message (a UTR shorter than any bank's) lands under the field.
    await wallet.submit.click();
    await page.getByText(messages.deposits.utrInvalid).first().waitFor();
    expect(await wallet.fieldErrors()).toEqual([messages.deposits.utrInvalid]);
    expect(await wallet.utrNumber.getAttribute('aria-invalid')).toBe('true');

    // A UTR already used by a live deposit is refused with its own message.
    const utr = uniqueUtr();
    await wallet.requestDeposit('150', utr);
    await wallet.shell.toast(messages.deposits.submitted, 'success').waitFor();
    await wallet.requestDeposit('150', utr);
    await wallet.shell.toast(messages.deposits.utrDuplicate, 'error').waitFor();
    expect(await wallet.fieldErrors()).toEqual([messages.deposits.utrDuplicate]);
  });

  it('retries a failed submission with the same Idempotency-Key and files it once', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    const wallet = new WalletPage(page);
    await wallet.openDepositForm();
    const keys: string[] = [];
    let calls = 0;
    await page.route('**/api/deposits', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      calls += 1;
      // The first attempt reaches the server but its answer is lost on the way back.
      if (calls === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const utr = uniqueUtr();
    await wallet.requestDeposit('1200', utr);
    await wallet.shell.toast(messages.deposits.submitFailed, 'error').waitFor();
    await wallet.submit.click();
    await wallet.shell.toast(messages.deposits.submitted, 'success').waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const userId = await userIdOf(e2e.app, account.email);
    const rows = await e2e.app.db.query('SELECT id FROM deposits WHERE user_id = $1', [userId]);
    expect(rows).toHaveLength(1);
  });

  it('says when deposits cannot be loaded or submitted', async () => {
    const { page } = await verifiedUserPage(e2e);
    await page.route('**/api/deposits*', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'bad gateway' }),
    );
    const wallet = new WalletPage(page);
    await wallet.openDepositForm();
    await wallet.shell.toast(messages.deposits.fetchFailed, 'error').waitFor();
    await new AppShell(page).alert(messages.deposits.fetchFailed).waitFor();
    await wallet.requestDeposit('500', uniqueUtr());
    await wallet.shell.toast(messages.deposits.submitFailed, 'error').waitFor();
  });

  it('overview: KYC banner, balances, PnL, quick actions, markets, and the verified badge', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const userId = await userIdOf(e2e.app, account.email);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();

    // A new user: KYC pending, so the banner, and no money yet (only verified users have any).
    await dashboard.kycBanner.waitFor();
    expect(
      await dashboard.kycBanner.getByRole('link', { name: 'Start KYC' }).getAttribute('href'),
    ).toBe('/dashboard?kyc=start');
    await expect(dashboard.verifiedBadge).toHaveCount(0);
    await expect(dashboard.walletBalance).toHaveText('₹0.00');
    await page.getByTestId('market-overview').getByRole('heading', { name: 'Markets' }).waitFor();
    await screenshotBothSizes(page, 'dashboard-overview', async (p, viewport) => {
      if (viewport.width < 769)
        await p.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    // Deposit and Withdraw open the wallet's INR pages (issue 14).
    expect(
      await dashboard.quickActions.getByRole('link', { name: 'Withdraw' }).getAttribute('href'),
    ).toBe('/dashboard/wallet/inr-withdraw');
    await dashboard.quickActions.getByRole('link', { name: 'Deposit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deposit INR' }).waitFor();
    expect(dashboard.shell.pathname()).toBe('/dashboard/wallet/inr-deposit');

    // Verified, with money that went the real way: a deposit and a buy.
    await verifyKyc(e2e.app, userId);
    await creditInr(e2e.app, userId, '15000');
    await e2e.app.db.query(
      `SELECT execute_usdt_buy($1, 10, 90.00)`, // ₹900 for 10 USDT
      [userId],
    );
    await dashboard.goto('/dashboard', { kycPending: false });
    await dashboard.verifiedBadge.waitFor();
    await expect(dashboard.kycBanner).toHaveCount(0);
    await expect(dashboard.walletBalance).toHaveText('₹14,100.00');
    await expect(dashboard.usdtBalance).toHaveText('10.00 USDT');
    // Total = INR + 10 USDT at the live USDT/INR price: more than the INR alone.
    const total = await dashboard.totalBalance.innerText();
    expect(total).toContain('Total Balance');
    expect(total).toMatch(/plus USDT at ₹[\d,]+\.\d\d per USDT/);
    const totalInr = Number(/₹([\d,]+\.\d\d)/.exec(total)![1]!.replace(/,/g, ''));
    expect(totalInr).toBeGreaterThan(14_100 + 10 * 50);
    expect(totalInr).toBeLessThan(14_100 + 10 * 150);
    // Today's PnL is the server's (/api/me/overview): bought above the live rate, nothing held
    // at 00:00 IST, so a loss in rupees and no percent.
    const overview = (await (await page.request.get('/api/me/overview')).json()) as {
      todaysPnlInr: string;
    };
    const pnl = Number(overview.todaysPnlInr);
    await expect(dashboard.pnlInr).toHaveText(
      `${pnl < 0 ? '−' : pnl > 0 ? '+' : ''}₹${Math.abs(pnl).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    await expect(dashboard.pnlPercent).toHaveText('No percent: nothing held at 00:00 IST');
    // A loss: the card's arrow points down.
    await expect(dashboard.pnl.locator('svg.lucide-trending-down')).toHaveCount(pnl < 0 ? 1 : 0);
    await screenshotBothSizes(page, 'dashboard-overview-verified');
  });

  it('side menu: every path of the spec, undefined ones show the overview, logout goes home', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const links = await dashboard.sideMenu
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(links).toEqual(DASHBOARD_MENU);
    for (const name of ['Spot', 'Earn History']) {
      await dashboard.sideMenu.getByRole('link', { name, exact: true }).click();
      await dashboard.greeting.waitFor();
      await expect(dashboard.walletBalance).toBeVisible();
    }
    // An account of a few seconds is new here; one of two days is back.
    await expect(dashboard.greeting).toHaveText('Welcome to Sikka,');
    await e2e.app.db.query(
      `UPDATE users SET created_at = now() - interval '2 days' WHERE email = $1`,
      [account.email.toLowerCase()],
    );
    await dashboard.goto();
    await expect(dashboard.greeting).toHaveText('Welcome back,');
    // Payment lists the user's bank accounts (issue 14).
    await dashboard.sideMenu.getByRole('link', { name: 'Payment', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
    // The wallet's landing is its overview of every asset (issue 19), no longer Deposit INR.
    await new WalletPage(page).open('/dashboard/wallet');
    expect(dashboard.shell.pathname()).toBe('/dashboard/wallet');
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(dashboard.sideMenu).toBeHidden();
    await expect(dashboard.mobileMenu.getByRole('link')).toHaveCount(10);
    await dashboard.mobileMenu.getByRole('link', { name: 'Quick History' }).click();
    await page.waitForURL('**/dashboard/quick-history');

    await page.setViewportSize(VIEWPORTS.desktop);
    await dashboard.logout.click();
    await page.waitForURL((url) => url.pathname === '/');
    await dashboard.shell.headerLink('Login').waitFor();
  });
});
