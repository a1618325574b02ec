import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { multiplyDecimal, type SpotOrdersResponse } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type Account, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { userIdOf, verifyKyc } from './support/money-seed.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/*
 * The spot exchange in the browser, against the real server with SPOT_TRADING=on and the
 * house market maker quoting every market: one user's limit sell rests on the book, another
 * buys into it, both see the fill; a second order is cancelled; the history shows the fills.
 */

// ---------------------------------------------------------------- page models

/** /trade with the spot exchange on: the pair, the live book, the order form, open orders. */
class SpotTradePage {
  constructor(readonly page: Page) {}

  async open(coinId: string): Promise<void> {
    await this.page.goto('/trade');
    await this.page
      .getByTestId('coin-panel')
      .locator(`[data-testid="trade-coin"][data-coin-id="${coinId}"]`)
      .click();
    await expect(this.page.getByTestId('trade-pair')).toHaveText(
      `${coinId.replace(/INR$/, '')}/INR`,
    );
  }

  // Book
  bookRows(side: 'buy' | 'sell'): Locator {
    return this.page.locator(`[data-testid="spot-book-row"][data-side="${side}"]`);
  }
  bookRowAt(side: 'buy' | 'sell', price: string): Locator {
    return this.page.locator(
      `[data-testid="spot-book-row"][data-side="${side}"][data-price="${price}"]`,
    );
  }
  /** The best ask and bid on screen, as decimal strings. */
  async bestPrices(): Promise<{ ask: string; bid: string }> {
    const asks = await this.bookRows('sell').evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-price')!),
    );
    const bids = await this.bookRows('buy').evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-price')!),
    );
    // Asks are listed highest first (the best next to the spread); bids best first.
    return { ask: asks.at(-1)!, bid: bids[0]! };
  }
  get recentTrades(): Locator {
    return this.page.getByRole('list', { name: 'Recent trades' }).getByTestId('spot-trade-row');
  }

  // Form
  get form(): Locator {
    return this.page.getByRole('form', { name: 'Spot order' });
  }
  side(name: 'Buy' | 'Sell'): Locator {
    return this.page.getByRole('group', { name: 'Side' }).getByRole('button', { name });
  }
  orderType(name: 'Limit' | 'Market'): Locator {
    return this.page.getByRole('group', { name: 'Order type' }).getByRole('button', { name });
  }
  get price(): Locator {
    return this.form.getByLabel('Price', { exact: true });
  }
  get amount(): Locator {
    return this.form.getByLabel('Amount', { exact: true });
  }
  get total(): Locator {
    return this.form.getByLabel('Total', { exact: true });
  }
  submit(name: string): Locator {
    return this.form.getByRole('button', { name, exact: true });
  }
  async placeLimit(side: 'Buy' | 'Sell', price: string, amount: string): Promise<void> {
    await this.side(side).click();
    await this.orderType('Limit').click();
    await this.price.fill(price);
    await this.amount.fill(amount);
    await this.submit(`${side} BTC`).click();
  }
  toast(text: string | RegExp): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  // Open orders
  get openOrders(): Locator {
    return this.page.getByTestId('spot-open-orders');
  }
  /** The open-orders table (wide screens). */
  get openOrderRows(): Locator {
    return this.openOrders.getByRole('table', { name: 'Open orders' }).locator('tbody tr');
  }
  cancelButtons(): Locator {
    return this.openOrders
      .getByRole('table', { name: 'Open orders' })
      .getByRole('button', { name: /^Cancel (buy|sell) / });
  }
}

/** /dashboard/orders/spot: the history with its filters, and an order's fills dialog. */
class SpotOrdersPage {
  constructor(readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto('/dashboard/orders/spot');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Spot Orders' })).toBeVisible();
  }
  get rows(): Locator {
    return this.page.getByRole('table', { name: 'Spot order history' }).locator('tbody tr');
  }
  filter(label: 'Status' | 'Market' | 'Side'): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Order details' });
  }
  get fillRows(): Locator {
    return this.dialog.getByTestId('spot-fill-row');
  }
}

/** Scrolls so `target`'s bottom meets the viewport's, and lets the page paint it. */
async function settleScroll(page: Page, target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

// ---------------------------------------------------------------- the test

describe.skipIf(Boolean(skip))('the spot exchange in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    // The feed keeps its start-up prices, so the market maker's quotes stay where they are.
    e2e = await startE2e({ spot: true, frozenMarket: true });
  });
  afterAll(() => e2e?.close());

  async function fund(account: Account, asset: string, amount: string): Promise<void> {
    const userId = await userIdOf(e2e.app, account.email);
    await e2e.app.db.transaction((tx) =>
      tx.query('SELECT spot_fund_account($1::uuid, $2, $3::numeric)', [userId, asset, amount]),
    );
  }

  async function trader(assets: Record<string, string>) {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    await verifyKyc(e2e.app, await userIdOf(e2e.app, account.email));
    for (const [asset, amount] of Object.entries(assets)) await fund(account, asset, amount);
    return { page, account, trade: new SpotTradePage(page) };
  }

  it('marks the pairs the exchange does not run "Soon" in the list, and only those', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    await page.goto('/trade');
    const rows = page.getByTestId('coin-panel').locator('[data-testid="trade-coin"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(6);
    const marked = await rows.evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-coin-id'),
        soon: el.querySelector('[data-testid="coin-soon"]') !== null,
      })),
    );
    const spot = ['USDTINR', 'BTCINR', 'ETHINR', 'SOLINR', 'XRPINR', 'DOGEINR'];
    for (const { id, soon } of marked) expect(soon, id!).toBe(!spot.includes(id!));
    expect(marked.filter((m) => m.soon).length).toBeGreaterThan(0);
    await screenshot(page, 'spot-trade-coin-list-soon');
  });

  it('on a phone, Buy and Sell wait above the bottom bar until the form is in view, and take you there', async () => {
    const { page } = await trader({ BTC: '0.01' });
    await page.setViewportSize(VIEWPORTS.mobile);
    const trade = new SpotTradePage(page);
    await page.goto('/trade');
    await page.getByRole('button', { name: /Change market/ }).click();
    await page.locator('[data-testid="trade-coin"][data-coin-id="BTCINR"]').click();
    await expect(page.getByTestId('trade-pair')).toHaveText('BTC/INR');
    const bar = page.getByTestId('mobile-order-bar');
    await expect(bar).toBeVisible();
    await expect.poll(() => trade.side('Buy').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'spot-trade-mobile-order-bar');

    await bar.getByRole('button', { name: 'Sell BTC' }).click();
    await expect.poll(() => trade.side('Sell').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() =>
        trade.form.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top < window.innerHeight && r.bottom > 0;
        }),
      )
      .toBe(true);
    // The form is on screen: the bar has stood down.
    await expect(bar).toHaveCount(0);
  });

  it('rests a limit sell, fills it from another user, cancels one, and shows the history with fills', async () => {
    const a = await trader({ BTC: '0.05' });
    const b = await trader({ INR: '500000' });

    await a.trade.open('BTCINR');
    // The market maker quotes 5 levels a side within seconds of the start.
    await expect.poll(() => a.trade.bookRows('sell').count(), { timeout: 20_000 }).toBe(5);
    await expect(a.trade.bookRows('buy')).toHaveCount(5);
    await a.trade.side('Sell').click();
    await expect(a.page.getByTestId('spot-available')).toHaveText('0.05 BTC');

    // A sells 0.002 BTC just under the best ask: the new best ask, resting (GTC).
    const { ask, bid } = await a.trade.bestPrices();
    expect(Number(ask)).toBeGreaterThan(Number(bid) + 100);
    const price = String(Number(ask) - 50);
    await a.trade.placeLimit('Sell', price, '0.002');
    await expect(a.trade.toast(/^Order placed: sell 0\.002 BTC at/)).toBeVisible();
    await expect(a.trade.bookRowAt('sell', price)).toBeVisible();
    expect(await a.trade.bookRowAt('sell', price).getAttribute('data-amount')).toMatch(/^0\.002/);
    await expect(a.trade.openOrderRows).toHaveCount(1);
    await expect(a.trade.openOrderRows.first()).toContainText('BTC/INR');
    await expect(a.trade.openOrderRows.first()).toContainText('Open');
    // Total follows price × amount, to the paisa (a sell's rounded down).
    await a.trade.price.fill(price);
    await a.trade.amount.fill('0.002');
    await expect(a.trade.total).toHaveValue(multiplyDecimal(price, '0.002', 2, 'down'));
    await a.trade.amount.fill('');

    // B sees A's level as the best ask and buys it all.
    await b.trade.open('BTCINR');
    await expect(b.trade.bookRowAt('sell', price)).toBeVisible({ timeout: 15_000 });
    await b.trade.placeLimit('Buy', price, '0.002');
    await expect(b.trade.toast(/^Order filled\. Bought 0\.002 BTC at/)).toBeVisible();
    await expect(b.trade.bookRowAt('sell', price)).toHaveCount(0);
    await expect(b.trade.recentTrades.first()).toContainText('0.002');

    // A sees it too, without reloading: the level and the open order are gone, the trade in.
    await expect(a.trade.bookRowAt('sell', price)).toHaveCount(0);
    await expect(a.trade.recentTrades.first()).toContainText('0.002');
    await expect(a.trade.openOrders.getByText('You have no open orders.')).toBeVisible();
    // The header's price is now the market's own last trade (the feed's before it).
    const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    await expect(a.page.getByTestId('trade-price')).toHaveText(inr.format(Number(price)));

    // A places another resting sell and cancels it.
    const far = String(Number(ask) + 5000);
    await a.trade.placeLimit('Sell', far, '0.001');
    await expect(a.trade.openOrderRows).toHaveCount(1);
    await expect(a.trade.bookRowAt('sell', far)).toBeVisible();
    // Pictures of the live page: a book with A's resting order, the trade, open orders.
    await a.trade.amount.blur();
    // Without the toast over the header: it closes by itself once the pointer is off it.
    await a.page.mouse.move(1, 1);
    await expect(a.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await screenshotBothSizes(a.page, 'spot-trade', async (page) => {
      await looksRight(a.trade.bookRows('sell').first())(page);
      await page.evaluate(() => window.scrollTo(0, 0));
    });
    await screenshotBothSizes(a.page, 'spot-trade-orders', async (page) => {
      await looksRight(a.trade.openOrders)(page);
      await settleScroll(page, a.trade.openOrders);
    });
    await a.page.setViewportSize(VIEWPORTS.desktop);
    await a.trade.cancelButtons().first().click();
    await expect(a.trade.toast(/^Order cancelled: sell 0\.001 BTC/)).toBeVisible();
    await expect(a.trade.openOrders.getByText('You have no open orders.')).toBeVisible();
    await expect(a.trade.bookRowAt('sell', far)).toHaveCount(0);

    // The history: both orders, newest first; the filled one's fill in its details.
    const history = new SpotOrdersPage(a.page);
    await history.open();
    await expect(history.rows).toHaveCount(2);
    await expect(history.rows.nth(0)).toContainText('Cancelled');
    await expect(history.rows.nth(1)).toContainText('Filled');
    await history.filter('Status').selectOption('open');
    await expect(a.page.getByText('No orders found')).toBeVisible();
    await history.filter('Status').selectOption('all');
    await expect(history.rows).toHaveCount(2);
    await history.rows
      .nth(1)
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(history.fillRows).toHaveCount(1);
    await expect(history.fillRows.first()).toContainText('0.002 BTC');
    await expect(history.fillRows.first()).toContainText('Maker');
    await screenshotBothSizes(a.page, 'spot-order-fills', looksRight(history.dialog));
    await history.page.keyboard.press('Escape');
    await a.page.setViewportSize(VIEWPORTS.desktop);

    // The same through the API, as the page read it.
    const api = await a.page.request.get('/api/spot/orders?status=all&page=1');
    const body = (await api.json()) as SpotOrdersResponse;
    expect(body.items.map((o) => o.status)).toEqual(['cancelled', 'filled']);

    await screenshotBothSizes(
      a.page,
      'spot-orders',
      looksRight(a.page.getByRole('heading', { level: 1, name: 'Spot Orders' })),
    );

    // The overview's assets card: BTC less what was sold, INR from the sale.
    await a.page.setViewportSize(VIEWPORTS.desktop);
    await a.page.goto('/dashboard');
    const assets = a.page.getByTestId('your-assets');
    await expect(assets.getByRole('table', { name: 'Your assets' })).toContainText('0.048');
    await screenshotBothSizes(a.page, 'spot-overview', async (page) => {
      await looksRight(assets)(page);
      await settleScroll(page, assets);
    });
  });
  it('buys from the house market maker with a market order, and cancels all open orders at once', async () => {
    const b = await trader({ INR: '500000' });
    await b.trade.open('BTCINR');
    await expect
      .poll(() => b.trade.bookRows('sell').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const { ask } = await b.trade.bestPrices();
    const askAmount = await b.trade.bookRowAt('sell', ask).getAttribute('data-amount');

    // A market buy of 0.001 BTC takes the best ask, the house's quote.
    await b.trade.side('Buy').click();
    await b.trade.orderType('Market').click();
    await expect(b.trade.price).toBeDisabled();
    await b.trade.amount.fill('0.001');
    await b.trade.submit('Buy BTC').click();
    await expect(b.trade.toast(/^Order filled\. Bought 0\.001 BTC at/)).toBeVisible();
    await expect(b.trade.recentTrades.first()).toContainText('0.001');
    await expect
      .poll(() => b.trade.bookRowAt('sell', ask).getAttribute('data-amount'), { timeout: 10_000 })
      .not.toBe(askAmount);
    const mine = (await (
      await b.page.request.get('/api/spot/orders?status=all&page=1')
    ).json()) as SpotOrdersResponse;
    expect(mine.items[0]).toMatchObject({ type: 'market', status: 'filled', price: null });
    const makers = await e2e.app.db.query<{ email: string }>(
      `SELECT u.email FROM spot_fills f JOIN spot_orders m ON m.id = f.maker_order_id
         JOIN users u ON u.id = m.user_id WHERE f.taker_order_id = $1`,
      [mine.items[0]!.id],
    );
    expect(makers.map((m) => m.email)).toEqual(['market-maker@sikka.local']);

    // Two resting bids far under the market, then Cancel all.
    await b.trade.orderType('Limit').click();
    for (const price of ['100000', '110000']) {
      await b.trade.price.fill(price);
      await b.trade.amount.fill('0.001');
      await b.trade.submit('Buy BTC').click();
      await expect(b.trade.toast(/^Order placed: buy 0\.001 BTC at/).first()).toBeVisible();
    }
    await expect(b.trade.openOrderRows).toHaveCount(2);
    await b.trade.openOrders.getByRole('button', { name: 'Cancel all' }).click();
    await expect(b.trade.toast('2 orders cancelled.')).toBeVisible();
    await expect(b.trade.openOrders.getByText('You have no open orders.')).toBeVisible();
  });
});
