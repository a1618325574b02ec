import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { AppShell } from './page-models/app-shell.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { creditInr, executeTrade, userIdOf, verifyKyc } from './support/money-seed.ts';
import { QuickHistoryPage } from './page-models/quick-history-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('quick trade history in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  /** 8 buys, 4 sells (completed) and 1 failed buy for a new user; returns the page and ids. */
  async function seededUser() {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    const userId = await userIdOf(e2e.app, account.email);
    // Money moves only for verified users (DESIGN.md §8).
    await verifyKyc(e2e.app, userId);
    await creditInr(e2e.app, userId, '100000');
    const ids: string[] = [];
    for (let i = 1; i <= 8; i++)
      ids.push(await executeTrade(e2e.app, userId, 'buy', String(i), '90.00'));
    for (let i = 1; i <= 4; i++)
      ids.push(await executeTrade(e2e.app, userId, 'sell', '0.5', '86.00'));
    // A failed trade moves no money; it is recorded (and counted) as the product shows it.
    const [failed] = await e2e.app.db.query<{ id: string }>(
      `INSERT INTO trades (user_id, type, amount, price, total, status)
       VALUES ($1, 'buy', 2, 90.00, 180.00, 'failed') RETURNING id`,
      [userId],
    );
    await e2e.app.db.query(`SELECT count_trade($1, 'failed', 'buy')`, [userId]);
    ids.push(failed!.id);
    return { page, ids };
  }

  it('pages of 10 from the exact total, with paging only when there is more than one page', async () => {
    const { page, ids } = await seededUser();
    const history = new QuickHistoryPage(page);
    await history.goto({ kycPending: false });
    await history.entries.waitFor();
    await expect(history.entries).toHaveText('Showing 1 to 10 of 13 entries');
    await expect(history.rows).toHaveCount(10);
    // Newest first: the failed buy, then the sells.
    const [first, second] = await history.rowTexts();
    expect(first!.slice(1)).toEqual([
      ids[12]!.slice(0, 8),
      'Buy',
      '2.00000000',
      '₹90.00',
      '₹180.00',
      'failed',
    ]);
    expect(second!.slice(1)).toEqual([
      ids[11]!.slice(0, 8),
      'Sell',
      '0.50000000',
      '₹86.00',
      '₹43.00',
      'completed',
    ]);
    await screenshotBothSizes(page, 'quick-history');
    await page.setViewportSize(VIEWPORTS.desktop);

    await history.pagination.getByRole('button', { name: 'Page 2' }).click();
    await history.page.getByText('Showing 11 to 13 of 13 entries').waitFor();
    await expect(history.rows).toHaveCount(3);
    await expect(history.pagination.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await history.pagination.getByRole('button', { name: 'Previous page' }).click();
    await history.page.getByText('Showing 1 to 10 of 13 entries').waitFor();

    // Filters: one page each, so no paging controls.
    await history.type.selectOption('sell');
    await history.page.getByText('Showing 1 to 4 of 4 entries').waitFor();
    await expect(history.pagination).toHaveCount(0);
    expect((await history.rowTexts()).every((r) => r[2] === 'Sell')).toBe(true);

    await history.type.selectOption('all');
    await history.status.selectOption('failed');
    await history.page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    expect((await history.rowTexts())[0]![6]).toBe('failed');

    await history.status.selectOption('completed');
    await history.type.selectOption('buy');
    await history.page.getByText('Showing 1 to 8 of 8 entries').waitFor();
  });

  it('filters from page 2 start again at page 1', async () => {
    const { page } = await seededUser();
    const history = new QuickHistoryPage(page);
    await history.goto({ kycPending: false });
    await history.pagination.getByRole('button', { name: 'Page 2' }).click();
    await history.page.getByText('Showing 11 to 13 of 13 entries').waitFor();
    await history.type.selectOption('buy');
    await history.page.getByText('Showing 1 to 9 of 9 entries').waitFor();
  });

  it('searches by id, case-insensitively, once the typing pauses', async () => {
    const { page, ids } = await seededUser();
    const history = new QuickHistoryPage(page);
    await history.goto({ kycPending: false });
    await history.entries.waitFor();
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/trades' && url.searchParams.has('search')) {
        searches.push(url.searchParams.get('search') ?? '');
      }
    });
    const target = ids[3]!;
    const part = target.slice(0, 8).toUpperCase();
    await history.search.pressSequentially(part, { delay: 40 });
    await history.page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    expect((await history.rowTexts())[0]![1]).toBe(target.slice(0, 8));
    // One request for the whole word, not one per key.
    expect(searches).toEqual([part]);

    await history.search.fill('zzzz-not-an-id');
    await history.empty.waitFor();
    await expect(history.entries).toHaveCount(0);
    await expect(history.pagination).toHaveCount(0);
    await screenshotBothSizes(page, 'quick-history-empty');
  });

  it('says "No trades found" with no trades, and when the history cannot be loaded', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    const history = new QuickHistoryPage(page);
    await history.goto();
    await history.empty.waitFor();

    await page.route('**/api/trades*', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }),
    );
    await history.goto();
    await history.shell.toast(messages.trades.fetchFailed, 'error').waitFor();
    await new AppShell(page).alert(messages.trades.fetchFailed).waitFor();
  });
});
