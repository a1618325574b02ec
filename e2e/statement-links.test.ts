import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  messages,
  type BankAccountsResponse,
  type Deposit,
  type QuickTradeResponse,
  type Trade,
  type Withdrawal,
} from '@sikka/contracts';
import { logInAdmin } from '../test/support/app.ts';
import {
  RecordDetailPage,
  statementCardLink,
  statementEntryLink,
} from './page-models/record-detail-page.ts';
import { StatementPage } from './page-models/statement-page.ts';
import { e2eDrivers, e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { creditInr, userIdOf, verifyKyc } from './support/money-seed.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

// What the screen must read for the server's figures, worked out here rather than borrowed
// from the web app: Indian grouping, rupees with 2 places, USDT with 2 to 8.
const inr = (v: string) =>
  `₹${Number(v).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const usdt = (v: string) =>
  `${Number(v).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 8 })} USDT`;
/** A trade record's amount: all 8 places (PRODUCT.md §8). */
const usdtRecord = (v: string) =>
  `${Number(v).toLocaleString('en-IN', { minimumFractionDigits: 8, maximumFractionDigits: 8 })} USDT`;
const pad = (n: number) => String(n).padStart(2, '0');
/** '09 Mar 2025, 02:05 PM IST': the moment in India (UTC+05:30), whatever the machine's zone. */
function ist(iso: string): string {
  const d = new Date(Date.parse(iso) + 330 * 60_000);
  const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(d);
  const h = d.getUTCHours();
  return `${pad(d.getUTCDate())} ${month} ${d.getUTCFullYear()}, ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'} IST`;
}

/** A quick trade through the API, as the quick-buy page sends it (a generous quoted rate). */
async function quickTrade(page: Page, side: 'buy' | 'sell', usdtAmount: string): Promise<Trade> {
  const res = await page.request.post('/api/trades/quick', {
    data: { side, usdtAmount, quotedRate: side === 'buy' ? '100000.00' : '1.00' },
    headers: { 'idempotency-key': `links-${side}-${Date.now()}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as QuickTradeResponse).trade;
}

/** A withdrawal request to the user's KYC bank account (verified with the KYC). */
async function requestWithdrawal(page: Page, amount: string): Promise<Withdrawal> {
  const accounts = (await (
    await page.request.get('/api/me/bank-accounts')
  ).json()) as BankAccountsResponse;
  const res = await page.request.post('/api/withdrawals', {
    data: { amount, bankAccountId: accounts.bankAccounts[0]!.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { withdrawal: Withdrawal }).withdrawal;
}

/** What the server has for a record now, through the same route the page reads. */
async function serverRecord<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return Object.values((await res.json()) as Record<string, T>)[0]!;
}

/** Each payout's UTR is unique. */
let payoutCounter = 0;
const REJECTION = 'The account holder’s name does not match your KYC';

describe.skipIf(Boolean(skip)).each(e2eDrivers())(
  'statement entries open their own trade, deposit or withdrawal on %s',
  (driver) => {
    let e2e: E2e;
    beforeAll(async () => {
      e2e = await startE2e({ driver, frozenMarket: true });
    });
    afterAll(() => e2e?.close());

    /**
     * A verified user with a ₹10,000 deposit, a buy of 20 USDT, a sell of 5 (TDS withheld), a
     * withdrawal of ₹500 the admin paid, one of ₹300 the admin rejected and one of ₹1,200.50
     * still pending.
     */
    async function seededUser() {
      const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
      await page.goto(`${e2e.baseURL}/`);
      const userId = await userIdOf(e2e.app, account.email);
      await verifyKyc(e2e.app, userId);
      await creditInr(e2e.app, userId, '10000');
      const depositId = (
        await e2e.app.db.query<{ id: string }>('SELECT id FROM deposits WHERE user_id = $1', [
          userId,
        ])
      )[0]!.id;
      const buy = await quickTrade(page, 'buy', '20');
      const sell = await quickTrade(page, 'sell', '5');
      const paid = await requestWithdrawal(page, '500');
      const admin = await logInAdmin(e2e.app);
      const decide = async (id: string, decision: 'approve' | 'reject', payload: object) => {
        const res = await e2e.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${id}/${decision}`,
          headers: { cookie: admin },
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await decide(paid.id, 'approve', {
        utrNumber: `SBINP${Date.now() % 1e9}${(payoutCounter += 1)}`,
      });
      const rejected = await requestWithdrawal(page, '300');
      await decide(rejected.id, 'reject', { reason: REJECTION });
      const pending = await requestWithdrawal(page, '1200.50');
      return { page, depositId, buy, sell, paid, rejected, pending };
    }

    it('each link opens exactly its record, which survives a reload; a pending withdrawal is cancelled there', async () => {
      const { page, depositId, buy, sell, paid, rejected, pending } = await seededUser();
      const statement = new StatementPage(page);
      const detail = new RecordDetailPage(page);
      await statement.goto({ kycPending: false });
      // Deposit 1, buy 2, sell 2, three holds 2 each, one payout 1, one release 2.
      await expect(statement.rows).toHaveCount(14);

      // The sell, from its INR credit (net of TDS).
      await statementEntryLink(statement, 'Sell', `+${inr(sell.net)}`).click();
      await expect(detail.heading).toHaveText(`Sell ${usdt(sell.amount)}`);
      expect(detail.pathname()).toBe(`/dashboard/orders/trades/${sell.id}`);
      const sellOnServer = await serverRecord<Trade>(page, `/api/trades/${sell.id}`);
      expect(sellOnServer).toEqual(sell);
      const expectSell = async () => {
        await expect(detail.status('completed')).toBeVisible();
        await expect(detail.value('Date & time')).toHaveText(ist(sellOnServer.createdAt));
        await expect(detail.value('Side')).toHaveText('Sell');
        await expect(detail.value('Amount')).toHaveText(usdtRecord(sellOnServer.amount));
        await expect(detail.value('Price')).toHaveText(`${inr(sellOnServer.price)} per USDT`);
        await expect(detail.value('Total')).toHaveText(inr(sellOnServer.total));
        await expect(detail.value('TDS withheld (194S)')).toHaveText(inr(sellOnServer.tds));
        await expect(detail.value('Net received')).toHaveText(inr(sellOnServer.net));
        await expect(detail.value('Trade ID')).toHaveText(sell.id);
      };
      await expectSell();
      expect(Number(sellOnServer.tds)).toBeGreaterThan(0);
      await screenshotBothSizes(page, 'record-trade', looksRight(detail.card, detail.backLink));
      await page.setViewportSize(VIEWPORTS.desktop);
      // Its own address: a reload (or a pasted link) opens the same trade.
      await page.reload();
      await detail.shell.ready();
      await expectSell();

      // Back to the statement, then the buy, from its USDT credit.
      await detail.backLink.click();
      await statement.heading.waitFor();
      await statementEntryLink(statement, 'Buy', `+${usdt(buy.amount)}`).click();
      await expect(detail.heading).toHaveText(`Buy ${usdt(buy.amount)}`);
      expect(detail.pathname()).toBe(`/dashboard/orders/trades/${buy.id}`);
      const buyOnServer = await serverRecord<Trade>(page, `/api/trades/${buy.id}`);
      await expect(detail.value('Side')).toHaveText('Buy');
      await expect(detail.value('Price')).toHaveText(`${inr(buyOnServer.price)} per USDT`);
      await expect(detail.value('Total paid')).toHaveText(inr(buyOnServer.total));
      // A buy withholds no TDS, so none is shown.
      expect(await detail.labels()).not.toContain('TDS withheld (194S)');
      expect(await detail.labels()).not.toContain('Net received');

      // The deposit.
      await detail.backLink.click();
      await statementEntryLink(statement, 'Deposit', `+${inr('10000')}`).click();
      await expect(detail.heading).toHaveText(inr('10000'));
      expect(detail.pathname()).toBe(`/dashboard/wallet/deposits/${depositId}`);
      const deposit = await serverRecord<Deposit>(page, `/api/deposits/${depositId}`);
      const expectDeposit = async () => {
        await expect(detail.status('approved')).toBeVisible();
        await expect(detail.value('Requested')).toHaveText(ist(deposit.createdAt));
        await expect(detail.value('Amount')).toHaveText(inr(deposit.amount));
        await expect(detail.value('UTR number')).toHaveText(deposit.utrNumber);
        await expect(detail.value('Approved')).toHaveText(ist(deposit.decidedAt!));
        await expect(detail.value('Deposit ID')).toHaveText(depositId);
      };
      await expectDeposit();
      await screenshotBothSizes(page, 'record-deposit', looksRight(detail.card, detail.backLink));
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.reload();
      await detail.shell.ready();
      await expectDeposit();

      // The paid withdrawal, from its payout entry.
      await detail.backLink.click();
      await statementEntryLink(statement, 'Withdrawal paid', `−${inr('500')}`).click();
      await expect(detail.heading).toHaveText(inr('500'));
      expect(detail.pathname()).toBe(`/dashboard/wallet/withdrawals/${paid.id}`);
      const paidOnServer = await serverRecord<Withdrawal>(page, `/api/withdrawals/${paid.id}`);
      await expect(detail.status('paid')).toBeVisible();
      await expect(detail.value('Amount')).toHaveText(inr(paidOnServer.amount));
      // The account masked, as the server gives it to its owner.
      await expect(detail.value('To account')).toContainText(paidOnServer.bankAccount.bankName);
      await expect(detail.value('To account')).toContainText(
        `•••• ${paidOnServer.bankAccount.accountNumber.slice(-4)} · ${paidOnServer.bankAccount.ifscCode}`,
      );
      expect(paidOnServer.bankAccount.accountNumber.slice(-4)).toBe('9012');
      await expect(detail.value('Payout UTR')).toHaveText(paidOnServer.utrNumber!);
      await expect(detail.value('Paid')).toHaveText(ist(paidOnServer.decidedAt!));
      await expect(detail.cancel).toHaveCount(0);
      await screenshotBothSizes(
        page,
        'record-withdrawal-paid',
        looksRight(detail.card, detail.backLink),
      );
      await page.setViewportSize(VIEWPORTS.desktop);

      // The rejected withdrawal, from the release of its hold: the admin's reason.
      await detail.backLink.click();
      await statementEntryLink(statement, 'Withdrawal released', `+${inr('300')}`).click();
      await expect(detail.heading).toHaveText(inr('300'));
      expect(detail.pathname()).toBe(`/dashboard/wallet/withdrawals/${rejected.id}`);
      const rejectedOnServer = await serverRecord<Withdrawal>(
        page,
        `/api/withdrawals/${rejected.id}`,
      );
      expect(rejectedOnServer.rejectionReason).toBe(REJECTION);
      await expect(detail.status('rejected')).toBeVisible();
      await expect(detail.notice('Why it was rejected')).toContainText(REJECTION);
      await expect(detail.value('Rejected')).toHaveText(ist(rejectedOnServer.decidedAt!));
      expect(await detail.labels()).not.toContain('Payout UTR');
      await expect(detail.cancel).toHaveCount(0);
      await screenshotBothSizes(
        page,
        'record-withdrawal-rejected',
        looksRight(detail.card, detail.notice('Why it was rejected')),
      );
      await page.setViewportSize(VIEWPORTS.desktop);

      // The pending withdrawal, from its hold on the available balance: cancelled right there.
      await detail.backLink.click();
      await statementEntryLink(statement, 'Withdrawal held', `−${inr('1200.50')}`).click();
      await expect(detail.heading).toHaveText(inr('1200.50'));
      expect(detail.pathname()).toBe(`/dashboard/wallet/withdrawals/${pending.id}`);
      await expect(detail.status('pending')).toBeVisible();
      await expect(detail.value('Requested')).toHaveText(ist(pending.createdAt));
      await expect(detail.notice('Being processed')).toBeVisible();
      await expect(detail.cancel).toBeEnabled();
      await screenshotBothSizes(
        page,
        'record-withdrawal-pending',
        looksRight(detail.card, detail.cancel),
      );
      await page.setViewportSize(VIEWPORTS.desktop);
      await detail.cancel.click();
      await detail.shell.toast(messages.withdrawals.cancelled, 'success').waitFor();
      await expect(detail.status('cancelled')).toBeVisible();
      await expect(detail.cancel).toHaveCount(0);
      expect((await serverRecord<Withdrawal>(page, `/api/withdrawals/${pending.id}`)).status).toBe(
        'cancelled',
      );
      await page.reload();
      await detail.shell.ready();
      await expect(detail.status('cancelled')).toBeVisible();
      await expect(detail.value('Cancelled')).toHaveText(/ IST$/);

      // The statement now shows the release, and a phone's cards link the same way.
      await detail.backLink.click();
      await expect(statement.rows).toHaveCount(16);
      await page.setViewportSize(VIEWPORTS.mobile);
      await expect(statement.cards).toHaveCount(16);
      // Newest first: the release of the cancelled withdrawal.
      await statementCardLink(statement, 0).click();
      await expect(detail.heading).toHaveText(inr('1200.50'));
      expect(detail.pathname()).toBe(`/dashboard/wallet/withdrawals/${pending.id}`);
    });

    it("another user's record, an unknown id and a malformed one show a friendly not found", async () => {
      const owner = await seededUser();
      const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
      await verifyKyc(e2e.app, await userIdOf(e2e.app, account.email));
      const detail = new RecordDetailPage(page);

      await detail.open(`/dashboard/orders/trades/${owner.sell.id}`);
      await expect(detail.notFound('trade')).toBeVisible();
      await expect(detail.notFoundHint('trade')).toBeVisible();
      await expect(detail.card).toHaveCount(0);
      // The page says what the server says: no such trade for this user.
      expect((await page.request.get(`/api/trades/${owner.sell.id}`)).status()).toBe(404);
      await screenshotBothSizes(
        page,
        'record-not-found',
        looksRight(detail.notFound('trade'), detail.openStatement),
      );
      await page.setViewportSize(VIEWPORTS.desktop);

      await detail.open(`/dashboard/wallet/deposits/${owner.depositId}`);
      await expect(detail.notFound('deposit')).toBeVisible();
      await detail.open(`/dashboard/wallet/withdrawals/${owner.paid.id}`);
      await expect(detail.notFound('withdrawal')).toBeVisible();
      await detail.open('/dashboard/wallet/withdrawals/00000000-0000-4000-8000-000000000000');
      await expect(detail.notFound('withdrawal')).toBeVisible();
      // A list route's own path is no withdrawal either.
      await detail.open('/dashboard/wallet/withdrawals/limits');
      await expect(detail.notFound('withdrawal')).toBeVisible();
      await detail.open('/dashboard/orders/trades/not-a-trade');
      await expect(detail.notFound('trade')).toBeVisible();

      await detail.openStatement.click();
      await expect(new StatementPage(page).heading).toBeVisible();

      // The owner opens the very same address and sees the trade.
      await new RecordDetailPage(owner.page).open(`/dashboard/orders/trades/${owner.sell.id}`);
      await expect(new RecordDetailPage(owner.page).heading).toHaveText(
        `Sell ${usdt(owner.sell.amount)}`,
      );
    });

    it('a record opened from a filtered statement goes back to the same filter, and the address keeps it', async () => {
      const { page, sell } = await seededUser();
      const statement = new StatementPage(page);
      const detail = new RecordDetailPage(page);
      await statement.goto({ kycPending: false });
      await expect(statement.rows).toHaveCount(14);
      await statement.type.selectOption({ label: 'Sells' });
      await statement.asset.selectOption('INR');
      await expect(statement.rows).toHaveCount(1);
      expect(new URL(page.url()).search).toBe('?type=trade_sell&asset=INR');

      await statementEntryLink(statement, 'Sell', `+${inr(sell.net)}`).click();
      await expect(detail.heading).toHaveText(`Sell ${usdt(sell.amount)}`);
      await detail.backLink.click();
      await expect(statement.rows).toHaveCount(1);
      await expect(statement.type).toHaveValue('trade_sell');
      await expect(statement.asset).toHaveValue('INR');

      // The address alone restores the filter (a bookmark, a reload); nonsense in it is ignored.
      await statement.shell.open('/dashboard/orders/transactions?type=trade_buy&asset=bogus');
      await expect(statement.type).toHaveValue('trade_buy');
      await expect(statement.asset).toHaveValue('all');
      await expect(statement.rows).toHaveCount(2);

      // Two filters changed before the page renders again (a quick hand on a slow phone; a
      // navigation renders in a transition): both hold. Both changes are made in one task
      // here, so no render can come between them.
      const type = await statement.type.elementHandle();
      const asset = await statement.asset.elementHandle();
      await page.evaluate(
        ([typeSelect, assetSelect]) => {
          const choose = (select: HTMLSelectElement, value: string) => {
            select.value = value;
            select.dispatchEvent(new Event('change', { bubbles: true }));
          };
          choose(typeSelect as HTMLSelectElement, 'trade_sell');
          choose(assetSelect as HTMLSelectElement, 'INR');
        },
        [type, asset],
      );
      await expect(statement.type).toHaveValue('trade_sell');
      await expect(statement.asset).toHaveValue('INR');
      await expect(statement.rows).toHaveCount(1);
      await expect.poll(() => new URL(page.url()).search).toBe('?type=trade_sell&asset=INR');
    });
  },
);
