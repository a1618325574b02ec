import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OverviewResponse, QuickTradeResponse } from '@sikka/contracts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { AdminTdsDownload, StatementPage } from './page-models/statement-page.ts';
import { e2eSkipReason, e2eDrivers, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { creditInr, userIdOf, verifyKyc } from './support/money-seed.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** The current IST calendar quarter, as the TDS endpoints take it (YYYY-Qn). */
function currentQuarter(): string {
  const ist = new Date(Date.now() + 330 * 60 * 1000);
  return `${ist.getUTCFullYear()}-Q${Math.floor(ist.getUTCMonth() / 3) + 1}`;
}

/**
 * A quick trade through the API, as the quick-buy page sends it (TDS withheld on sells). The
 * quoted rate only guards against a worse price, so a generous one always trades at the
 * server's price.
 */
async function quickTrade(page: Page, side: 'buy' | 'sell', usdtAmount: string) {
  const rate = side === 'buy' ? '100000.00' : '1.00';
  const res = await page.request.post('/api/trades/quick', {
    data: { side, usdtAmount, quotedRate: rate },
    headers: { 'idempotency-key': `stmt-${side}-${Date.now()}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as QuickTradeResponse).trade;
}

async function overviewOf(page: Page): Promise<OverviewResponse> {
  const res = await page.request.get('/api/me/overview');
  expect(res.status()).toBe(200);
  return (await res.json()) as OverviewResponse;
}

describe.skipIf(Boolean(skip)).each(e2eDrivers())(
  'account statement, TDS and overview in the browser on %s',
  (driver) => {
    let e2e: E2e;
    beforeAll(async () => {
      // The rate stays put, so a quoted rate is the rate traded at.
      e2e = await startE2e({ frozenMarket: true, driver });
    });
    afterAll(() => e2e?.close());

    /** A verified user with a ₹10,000 deposit, a buy of 20 USDT and a sell of 5 USDT. */
    async function seededUser() {
      const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
      await page.goto(`${e2e.baseURL}/`);
      const userId = await userIdOf(e2e.app, account.email);
      await verifyKyc(e2e.app, userId);
      await creditInr(e2e.app, userId, '10000');
      const buy = await quickTrade(page, 'buy', '20');
      const sell = await quickTrade(page, 'sell', '5');
      return { page, userId, buy, sell };
    }

    it('lists every entry with running balances, filters, the CSV and the TDS statement', async () => {
      const { page, buy, sell } = await seededUser();
      expect(Number(sell.tds)).toBeGreaterThan(0);
      const statement = new StatementPage(page);
      await statement.goto({ kycPending: false });
      // Deposit (INR), buy (INR out, USDT in), sell (USDT out, INR in): 5 entries.
      await expect(statement.rows).toHaveCount(5);
      const rows = await statement.rowTexts();
      const types = rows.map((r) => r[1]);
      expect(types[types.length - 1]).toBe('Deposit');
      expect(types.filter((t) => t?.startsWith('Buy'))).toHaveLength(2);
      expect(types.filter((t) => t?.startsWith('Sell'))).toHaveLength(2);

      // Running balances from the server's own figures.
      const inrAfterBuy = 10000 - Number(buy.total);
      const inrAfterSell = inrAfterBuy + Number(sell.net);
      const inr = (n: number) =>
        `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const inrRows = rows.filter((r) => r[2] === 'INR');
      expect(inrRows.map((r) => r[4])).toEqual([inr(inrAfterSell), inr(inrAfterBuy), inr(10000)]);
      const usdtRows = rows.filter((r) => r[2] === 'USDT');
      expect(usdtRows.map((r) => r[4])).toEqual(['15.00 USDT', '20.00 USDT']);
      expect(usdtRows.map((r) => r[3])).toEqual(['−5.00 USDT', '+20.00 USDT']);
      // The sell's INR row names the TDS withheld.
      expect(inrRows[0]![1]).toContain(`TDS ${inr(Number(sell.tds))} withheld`);

      // Filters narrow the rows.
      await statement.asset.selectOption('USDT');
      await expect(statement.rows).toHaveCount(2);
      await statement.type.selectOption('trade_sell');
      await expect(statement.rows).toHaveCount(1);
      await statement.asset.selectOption('all');
      await expect(statement.rows).toHaveCount(2);
      await statement.type.selectOption('deposit');
      await expect(statement.rows).toHaveCount(1);
      await expect(statement.rows.first()).toContainText('+₹10,000.00');

      // The CSV of the filtered statement: the link the browser downloads.
      const href = await statement.downloadCsv.getAttribute('href');
      expect(href).toBe('/api/statement.csv?type=deposit');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        statement.downloadCsv.click(),
      ]);
      const path = await download.path();
      const csv = (await readFile(path!, 'utf8')).split('\r\n').filter(Boolean);
      expect(csv[0]).toContain('India Standard Time (IST');
      expect(csv[1]).toContain('Indian digit grouping');
      expect(csv[2]).toContain('Date (IST)');
      expect(csv).toHaveLength(4);
      expect(csv[3]).toContain('deposit');
      expect(csv[3]).toContain('"10,000.00"');

      // Unfiltered, the CSV has as many rows as the screen.
      await statement.type.selectOption('all');
      await expect(statement.rows).toHaveCount(5);
      const all = await page.request.get((await statement.downloadCsv.getAttribute('href'))!);
      expect(all.status()).toBe(200);
      expect((await all.text()).split('\r\n').filter(Boolean)).toHaveLength(3 + 5);

      // The TDS statement of this quarter lists the sell.
      await expect(statement.tdsQuarter).toHaveText(/./);
      expect(await statement.tdsQuarter.inputValue()).toBe(currentQuarter());
      const [tdsDownload] = await Promise.all([
        page.waitForEvent('download'),
        statement.downloadTds.click(),
      ]);
      const tds = await readFile((await tdsDownload.path())!, 'utf8');
      expect(tds).toContain(sell.id);
      expect(tds).not.toContain(buy.id);
      expect(tds).toContain('194S');

      await screenshotBothSizes(
        page,
        'statement',
        looksRight(statement.heading, statement.downloadCsv, statement.downloadTds),
      );
      await page.setViewportSize(VIEWPORTS.mobile);
      await expect(statement.cards).toHaveCount(5);
    });

    it("the overview shows Total Balance and Today's PnL as /api/me/overview has them", async () => {
      const { page } = await seededUser();
      const dashboard = new DashboardPage(page);
      await dashboard.goto('/dashboard', { kycPending: false });
      const overview = await overviewOf(page);
      const inr = (v: string) =>
        `₹${Number(v).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(dashboard.totalBalanceInr).toContainText(inr(overview.totalBalanceInr));
      const pnl = Number(overview.todaysPnlInr);
      const pnlText = `${pnl < 0 ? '−' : pnl > 0 ? '+' : ''}${inr(Math.abs(pnl).toFixed(2))}`;
      await expect(dashboard.pnlInr).toHaveText(pnlText);
      // A user who held nothing at 00:00 IST has no percent to show.
      await expect(dashboard.pnlPercent).toContainText(
        Number(overview.dayOpenValueInr) === 0
          ? 'No percent: nothing held at 00:00 IST'
          : `${overview.todaysPnlPercent.replace('-', '−')}%`,
      );
      await screenshotBothSizes(
        page,
        'overview-live',
        looksRight(dashboard.totalBalance, dashboard.pnl),
      );
    });

    it("the admin downloads the quarter's TDS (194S) CSV from above the Trades tab", async () => {
      const { sell } = await seededUser();
      const page = await e2e.adminPage(VIEWPORTS.desktop);
      await page.goto(`${e2e.baseURL}/admin?tab=trades`);
      const tds = new AdminTdsDownload(page);
      await expect(tds.region).toBeVisible();
      expect(await tds.quarter.inputValue()).toBe(currentQuarter());
      const [download] = await Promise.all([page.waitForEvent('download'), tds.download.click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain('194S');
      expect(csv).toContain(sell.tds);
    });
  },
);
