import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { balancesOf, creditInr, userIdOf } from './support/money-seed.ts';
import { QuickBuyPage } from './page-models/quick-buy-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('quick buy in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('buys and sells USDT with the success dialog, then Explore Wallet', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const userId = await userIdOf(e2e.app, account.email);
    await creditInr(e2e.app, userId, '10000');
    const quick = new QuickBuyPage(page);
    await quick.goto();
    await quick.available.filter({ hasText: '₹10,000.00' }).waitFor();
    await screenshotBothSizes(quick.page, 'quick-buy-buy');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Buy: spend ₹1,000; the USDT box follows to 2 places at the shown rate.
    await quick.spend.fill('1000');
    const rate = Number(await quick.rateValue());
    const shown = Number(await quick.receive.inputValue());
    expect(Math.abs(shown - 1000 / rate)).toBeLessThan(0.02);
    expect(await quick.receive.inputValue()).toMatch(/^\d+\.\d{2}$/);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/trades/quick'));
    await quick.submit.click();
    const request = await sent;
    const body = request.postDataJSON() as { side: string; usdtAmount: string; quotedRate: string };
    expect(body.side).toBe('buy');
    expect(body.usdtAmount).toMatch(/^\d+\.\d{8}$/);
    expect(body.quotedRate).toMatch(/^\d+\.\d{2}$/);
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await quick.successDialog.waitFor();
    const details = await quick.successDialog.innerText();
    expect(details).toContain('Buy');
    expect(details).toContain(`${body.usdtAmount} USDT`);
    await screenshotBothSizes(page, 'quick-buy-success');
    await page.setViewportSize(VIEWPORTS.desktop);

    const afterBuy = await balancesOf(e2e.app, userId);
    // The server priced it; the user paid about ₹1,000 and never more than the balance.
    expect(Number(afterBuy.inr)).toBeGreaterThan(8990);
    expect(Number(afterBuy.inr)).toBeLessThan(9010);
    expect(afterBuy.usdt).toBe(body.usdtAmount);
    // Closing resets the form; balances on the page are the server's.
    await quick.successDialog.getByRole('button', { name: 'Trade Again' }).click();
    expect(await quick.spend.inputValue()).toBe('');
    expect(await quick.receive.inputValue()).toBe('');
    expect(await quick.slider.getAttribute('aria-valuenow')).toBe('0');
    expect(await quick.shell.headerBalance.innerText()).toContain(
      Number(afterBuy.inr).toLocaleString('en-IN', { minimumFractionDigits: 2 }),
    );

    // Sell: all of the USDT with the slider's 100% stop.
    await quick.tab('Sell').click();
    await quick.available.filter({ hasText: 'USDT' }).waitFor();
    await quick.percentStop(100).click();
    expect(await quick.spend.inputValue()).toBe(afterBuy.usdt);
    expect(await quick.slider.getAttribute('aria-valuenow')).toBe('100');
    expect(await quick.receive.inputValue()).toMatch(/^\d+\.\d{2}$/);
    await screenshotBothSizes(page, 'quick-buy-sell');
    await page.setViewportSize(VIEWPORTS.desktop);
    await quick.submit.click();
    await quick.successDialog.waitFor();
    expect(await quick.successDialog.innerText()).toContain('Sell');
    const afterSell = await balancesOf(e2e.app, userId);
    expect(afterSell.usdt).toBe('0.00000000');

    await quick.successDialog.getByRole('button', { name: 'Explore Wallet' }).click();
    await page.waitForURL('**/dashboard/wallet/inr-deposit');
    const trades = await e2e.app.db.query<{ type: string }>(
      'SELECT type FROM trades WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );
    expect(trades.map((t) => t.type)).toEqual(['buy', 'sell']);
  });

  it('shows "Please login to trade" to a guest', async () => {
    const page = await e2e.newPage(VIEWPORTS.desktop);
    const quick = new QuickBuyPage(page);
    await quick.goto();
    expect(await quick.submit.isDisabled()).toBe(true);
    await quick.spend.fill('500');
    expect(await quick.submit.isEnabled()).toBe(true);
    await quick.submit.click();
    await quick.shell.toast(messages.quickBuy.loginRequired, 'error').waitFor();
    expect(await quick.message.innerText()).toContain(messages.quickBuy.loginRequired);
    await quick.message.getByRole('link', { name: 'Log in' }).waitFor();
  });

  it('shows every amount and balance message word for word', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const userId = await userIdOf(e2e.app, account.email);
    await creditInr(e2e.app, userId, '1000');
    await e2e.app.db.query('SELECT execute_usdt_buy($1, 1.23456789, 90.00)', [userId]);
    const quick = new QuickBuyPage(page);
    await quick.goto();
    await quick.available.filter({ hasText: '₹888.89' }).waitFor();

    // Nothing typed: no message yet, and the button waits for an amount.
    expect(await quick.message.count()).toBe(0);
    expect(await quick.submit.isDisabled()).toBe(true);
    await quick.spend.fill('5');
    await quick.spend.fill('');
    expect(await quick.message.innerText()).toBe(messages.quickBuy.enterAmount);
    expect(await quick.submit.isDisabled()).toBe(true);
    expect(await quick.spend.getAttribute('aria-invalid')).toBe('true');

    await quick.spend.fill('888.90');
    expect(await quick.message.innerText()).toBe(messages.quickBuy.insufficientInr);
    await quick.submit.click();
    await quick.shell.toast(messages.quickBuy.insufficientInr, 'error').waitFor();
    await quick.spend.fill('888.89');
    expect(await quick.message.count()).toBe(0);

    // Letters never reach the box; the USDT box takes 8 places.
    await quick.receive.fill('1.2x');
    expect(await quick.receive.inputValue()).toBe('1.2');

    await quick.tab('Sell').click();
    await quick.spend.fill('1.23456790');
    const insufficient = messages.quickBuy.insufficientUsdt('1.23');
    expect(insufficient).toBe('Insufficient USDT balance. Available: 1.23 USDT');
    expect(await quick.message.innerText()).toBe(insufficient);
    await quick.submit.click();
    await quick.shell.toast(insufficient, 'error').waitFor();
    await quick.spend.fill('1.23456789');
    expect(await quick.message.count()).toBe(0);
    await screenshot(page, 'quick-buy-sell-filled');
  });

  it('shows the server’s refusal in a toast, and Processing... while the request runs', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const userId = await userIdOf(e2e.app, account.email);
    await creditInr(e2e.app, userId, '5000');
    const quick = new QuickBuyPage(page);
    await quick.goto();
    await quick.available.filter({ hasText: '₹5,000.00' }).waitFor();

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/trades/quick', async (route) => {
      await held;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'price_changed', message: messages.quickBuy.priceChanged },
        }),
      });
    });
    await quick.spend.fill('100');
    await quick.submit.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await quick.submit.isDisabled()).toBe(true);
    release();
    await quick.shell.toast(messages.quickBuy.priceChanged, 'error').waitFor();
    expect(await quick.submit.innerText()).toBe('Buy USDT');

    await page.unroute('**/api/trades/quick');
    await page.route('**/api/trades/quick', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
    );
    await quick.submit.click();
    await quick.shell.toast(messages.quickBuy.failed, 'error').waitFor();
  });

  it('How It Works and the FAQ accordion', async () => {
    const page = await e2e.newPage(VIEWPORTS.mobile);
    const quick = new QuickBuyPage(page);
    await quick.goto();
    const steps = await page
      .getByRole('region', { name: 'How It Works' })
      .getByRole('heading', { level: 3 })
      .allInnerTexts();
    expect(steps).toEqual(['1. Connect Wallet', '2. Enter Amount', '3. Confirm Trade']);
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    expect(await questions.count()).toBe(3);
    await questions.first().click();
    expect(await questions.first().getAttribute('aria-expanded')).toBe('true');
    await faq.getByText('plus ₹2.00', { exact: false }).waitFor();
    await questions.nth(1).click();
    expect(await questions.first().getAttribute('aria-expanded')).toBe('false');
  });
});
