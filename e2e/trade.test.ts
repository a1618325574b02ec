import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandlesResponse } from '@sikka/contracts';
import type { Response } from 'playwright-core';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e, type Viewport } from './support/e2e-app.ts';
import { screenshot } from './support/screenshots.ts';
import { TradePage } from './page-models/trade-page.ts';
import { HomePage } from './page-models/markets.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const isCandles =
  (interval: '1m' | '1h', market = 'USDTINR') =>
  (res: Response) => {
    const url = new URL(res.url());
    return (
      url.pathname === '/api/market/candles' &&
      url.searchParams.get('market') === market &&
      url.searchParams.get('interval') === interval
    );
  };

/** '₹1,23,456.78' → 123456.78 */
const rupees = (text: string) => Number(text.replace(/[₹,\s]/g, ''));

describe.skipIf(Boolean(skip))('the spot trading page in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  async function tradePage(viewport: Viewport = VIEWPORTS.desktop): Promise<TradePage> {
    const { page } = await e2e.userPage(viewport);
    const trade = new TradePage(page);
    await trade.acceptCookiesUpFront();
    return trade;
  }

  it('shows USDT/INR by default with its chart of server candles, the book and the covered form', async () => {
    const trade = await tradePage();
    const candles = trade.page.waitForResponse(isCandles('1h'));
    await trade.goto();
    const body = (await (await candles).json()) as CandlesResponse;
    expect(body.candles.length).toBeGreaterThanOrEqual(100);

    await expect(trade.pair).toHaveText('USDT/INR');
    // The spot exchange is off: every pair is the specification's alike, none marked "Soon".
    await expect(trade.page.getByTestId('coin-soon')).toHaveCount(0);
    expect(await trade.chartCanvas.count()).toBeGreaterThan(0);
    const box = await trade.chart.boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    expect(box!.height).toBeGreaterThan(250);
    await expect
      .poll(async () => Number(await trade.chart.getAttribute('data-candles')))
      .toBeGreaterThanOrEqual(100);
    expect(await trade.interval('1h').getAttribute('aria-pressed')).toBe('true');

    await expect(trade.overlay.getByText('Coming Soon!', { exact: true })).toBeVisible();
    await expect(
      trade.overlay.getByText('Trading functionality will be available shortly', { exact: true }),
    ).toBeVisible();

    // Form defaults (PRODUCT.md §4): buy, limit, price from the selected coin.
    expect(await trade.side('buy').getAttribute('aria-pressed')).toBe('true');
    expect(await trade.orderType('limit').getAttribute('aria-pressed')).toBe('true');
    const price = Number(await trade.priceInput.inputValue());
    expect(Math.abs(price - rupees(await trade.price.innerText())) / price).toBeLessThan(0.01);
    // The overlay is on top: a click on the form lands on the overlay, not on the Sell button.
    expect(await trade.overlay.boundingBox()).not.toBeNull();
    await trade.page.mouse.click(
      ...(await trade
        .side('sell')
        .boundingBox()
        .then((b) => [b!.x + b!.width / 2, b!.y + b!.height / 2] as const)),
    );
    expect(await trade.side('buy').getAttribute('aria-pressed')).toBe('true');

    await expect(trade.stat('24h High')).toHaveText(/^₹[\d,.]+$/);
    await expect(trade.stat('24h Low')).toHaveText(/^₹[\d,.]+$/);
    await expect(trade.stat('24h Vol')).toHaveText(/^₹[\d.]+[KMBT]?$/);
    await screenshot(trade.page, 'trade');
  });

  it('has 7 sells and 7 buys, filters them, and a row click fills side, price and amount', async () => {
    const trade = await tradePage();
    await trade.goto();
    await expect(trade.bookRows).toHaveCount(14);
    await expect(trade.bookRowsOf('sell')).toHaveCount(7);
    await expect(trade.bookRowsOf('buy')).toHaveCount(7);

    await trade.bookFilter('Buys').click();
    await expect(trade.bookRows).toHaveCount(7);
    await expect(trade.bookRowsOf('sell')).toHaveCount(0);
    await trade.bookFilter('Sells').click();
    await expect(trade.bookRows).toHaveCount(7);
    await expect(trade.bookRowsOf('buy')).toHaveCount(0);
    expect(await trade.bookFilter('Sells').getAttribute('aria-pressed')).toBe('true');
    await trade.bookFilter('All').click();
    await expect(trade.bookRows).toHaveCount(14);

    // Prices step 0.1% per level away from the last price.
    const sellPrices = await trade
      .bookRowsOf('sell')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-price'))));
    expect(sellPrices[5]! / sellPrices[6]!).toBeCloseTo(1.002 / 1.001, 3);

    // The book regenerates when the price ticks: read and click the same rendered row at once.
    const clickRow = (type: 'buy' | 'sell', index: number) =>
      trade.page.evaluate(
        ([t, i]) => {
          const row = document.querySelectorAll<HTMLButtonElement>(
            `[data-testid="order-book-row"][data-type="${t}"]`,
          )[i]!;
          const picked = { price: row.dataset.price!, amount: row.dataset.amount! };
          row.click();
          return picked;
        },
        [type, index] as const,
      );

    const sell = await clickRow('sell', 3);
    await expect.poll(() => trade.side('sell').getAttribute('aria-pressed')).toBe('true');
    expect(await trade.priceInput.inputValue()).toBe(sell.price);
    expect(await trade.amountInput.inputValue()).toBe(sell.amount);
    expect(rupees(await trade.total.innerText())).toBeCloseTo(
      Number(sell.price) * Number(sell.amount),
      1,
    );
    await expect(trade.submit).toHaveText('Sell USDT');
    await screenshot(trade.page, 'trade-row-filled');

    const buy = await clickRow('buy', 0);
    await expect.poll(() => trade.side('buy').getAttribute('aria-pressed')).toBe('true');
    expect(await trade.priceInput.inputValue()).toBe(buy.price);
    expect(await trade.amountInput.inputValue()).toBe(buy.amount);
    // Ticks do not overwrite what the click put in the form: two ticks arrive meanwhile.
    await trade.waitForTick();
    await trade.waitForTick();
    expect(await trade.priceInput.inputValue()).toBe(buy.price);
  });

  it('switches the chart to 1-minute candles and keeps the last candle on the live price', async () => {
    const trade = await tradePage();
    await trade.goto();
    const minute = trade.page.waitForResponse(isCandles('1m'));
    await trade.interval('1m').click();
    const body = (await (await minute).json()) as CandlesResponse;
    expect(body.candles.length).toBeGreaterThanOrEqual(100);
    expect(body.candles.at(-1)!.time - body.candles.at(-2)!.time).toBe(60);
    expect(await trade.interval('1m').getAttribute('aria-pressed')).toBe('true');
    await trade.chartCanvas.first().waitFor();
    await expect
      .poll(async () => Number(await trade.chart.getAttribute('data-candles')))
      .toBeGreaterThanOrEqual(100);
    // The live price is folded into the last candle every tick.
    await expect
      .poll(
        async () =>
          Number(await trade.chart.getAttribute('data-last-close')) ===
          rupees(await trade.price.innerText()),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
  });

  it('searches and selects another coin: header, chart, book and form follow it', async () => {
    const trade = await tradePage();
    await trade.goto();
    const total = await trade.coins.count();
    expect(total).toBeGreaterThan(10);
    await trade.coinSearch.fill('bitcoin');
    await expect.poll(() => trade.coins.count()).toBeLessThan(total);
    await expect(trade.coin('BTCINR')).toBeVisible();
    await expect(trade.coin('USDTINR')).toHaveCount(0);

    const candles = trade.page.waitForResponse(isCandles('1h', 'BTCINR'));
    await trade.coin('BTCINR').click();
    await candles;
    await expect(trade.pair).toHaveText('BTC/INR');
    expect(await trade.coin('BTCINR').getAttribute('aria-current')).toBe('true');
    const price = Number(await trade.priceInput.inputValue());
    expect(Math.abs(price - rupees(await trade.price.innerText())) / price).toBeLessThan(0.01);
    await expect(trade.submit).toHaveText('Buy BTC');
    await expect(trade.bookRows).toHaveCount(14);
  });

  it('the star adds the pair to the watchlist in local storage and removes it again', async () => {
    const trade = await tradePage();
    await trade.goto();
    const stored = () =>
      trade.page.evaluate(() => JSON.parse(localStorage.getItem('watchlist') ?? '[]') as string[]);
    expect(await trade.star.getAttribute('aria-pressed')).toBe('false');
    await trade.star.click();
    expect(await trade.star.getAttribute('aria-pressed')).toBe('true');
    expect(await stored()).toEqual(['USDTINR']);
    await trade.star.click();
    expect(await trade.star.getAttribute('aria-pressed')).toBe('false');
    expect(await stored()).toEqual([]);
  });

  it('a home-page Trade button opens /trade on that coin', async () => {
    const trade = await tradePage();
    const home = new HomePage(trade.page);
    await home.goto();
    await home.overview.loaded();
    await home.overview.trade('ETH').click();
    await trade.page.waitForURL('**/trade');
    await trade.ready();
    await expect(trade.pair).toHaveText('ETH/INR');
    const price = Number(await trade.priceInput.inputValue());
    expect(Math.abs(price - rupees(await trade.price.innerText())) / price).toBeLessThan(0.01);
  });

  it('on a phone the coin list is a collapsed panel that opens, picks a pair and closes', async () => {
    const trade = await tradePage(VIEWPORTS.mobile);
    await trade.goto();
    expect(await trade.panelToggle.getAttribute('aria-expanded')).toBe('false');
    await expect(trade.panelToggle).toContainText('USDT/INR');
    await expect(trade.coinPanel).toBeHidden();
    await screenshot(trade.page, 'trade-mobile-collapsed');

    await trade.panelToggle.click();
    expect(await trade.panelToggle.getAttribute('aria-expanded')).toBe('true');
    await expect(trade.coinPanel).toBeVisible();
    await expect(trade.coinSearch).toBeVisible();
    await screenshot(trade.page, 'trade-mobile-expanded');

    await trade.coin('BTCINR').click();
    expect(await trade.panelToggle.getAttribute('aria-expanded')).toBe('false');
    await expect(trade.coinPanel).toBeHidden();
    await expect(trade.pair).toHaveText('BTC/INR');
    await expect(trade.panelToggle).toContainText('BTC/INR');

    await trade.overlay.scrollIntoViewIfNeeded();
    await expect(trade.overlay.getByText('Coming Soon!')).toBeVisible();
    await screenshot(trade.page, 'trade-mobile-form');
  });

  it('the chart follows its container when the window is resized', async () => {
    const trade = await tradePage();
    await trade.goto();
    const wide = (await trade.chart.boundingBox())!.width;
    await trade.page.setViewportSize({ width: 820, height: 800 });
    await expect.poll(async () => (await trade.chart.boundingBox())!.width).toBeLessThan(wide);
    const canvasWidth = () =>
      trade.chartCanvas.first().evaluate((c) => c.getBoundingClientRect().width);
    const container = (await trade.chart.boundingBox())!.width;
    await expect
      .poll(async () => Math.abs((await canvasWidth()) - container) < container * 0.25)
      .toBe(true);
  });
});
