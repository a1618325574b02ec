import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { APIRequestContext, Page } from 'playwright-core';
import { ADMIN_PAGE_SIZE, messages } from '@sikka/contracts';
import { ADMIN } from '../test/support/app.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type Account, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { AdminPage, type AdminTab } from './page-models/admin-page.ts';
import { kycDocuments, validAadhaar, validPan } from './page-models/kyc-documents.ts';
import { userIdOf, verifyKyc } from './support/money-seed.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** Extra sign-ups so the user list needs a second page. */
const EXTRA_USERS = ADMIN_PAGE_SIZE + 1;

describe.skipIf(Boolean(skip))('the admin back office in the browser', () => {
  let e2e: E2e;
  let asha: Account;
  let ravi: Account;
  let ashaApi: APIRequestContext;
  let ashaId: string;
  /** Verified, so the one who deposits and trades (money moves only for verified users). */
  let dev: Account;
  let devApi: APIRequestContext;

  /** The API as a signed-in user, from a context of its own (no Origin header: same-site). */
  async function apiAs(account: Account): Promise<APIRequestContext> {
    const context = await e2e.newContext(VIEWPORTS.desktop, await e2e.storageStateFor(account));
    return context.request;
  }

  async function adminAt(viewport = VIEWPORTS.desktop): Promise<AdminPage> {
    const page = await e2e.adminPage(viewport);
    const admin = new AdminPage(page);
    await admin.goto();
    return admin;
  }

  async function deposit(amount: string, utrNumber: string): Promise<string> {
    const res = await devApi.post('/api/deposits', { data: { amount, utrNumber } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { deposit: { id: string } }).deposit.id;
  }

  /** An individual KYC submission through the API (the browser flow is kyc.test.ts's). */
  async function submitKycAs(
    api: APIRequestContext,
    fullName: string,
  ): Promise<{ id: string; kycSubmittedAt: string }> {
    const docs = await kycDocuments(fullName);
    const selfie = await sharp({
      create: { width: 720, height: 720, channels: 3, background: '#7c8a9e' },
    })
      .jpeg()
      .toBuffer();
    const res = await api.post('/api/kyc', {
      multipart: {
        type: 'individual',
        aadharNumber: validAadhaar(),
        panNumber: validPan(),
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
        bankName: 'State Bank of India',
        aadharFront: docs.aadharFront,
        aadharBack: docs.aadharBack,
        panFront: docs.panFront,
        bankStatement: docs.bankStatement,
        selfie: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: selfie },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { user: { id: string; kycSubmittedAt: string } }).user;
  }

  beforeAll(async () => {
    e2e = await startE2e();
    asha = await e2e.signUpViaApi({ fullName: 'Asha Kulkarni' });
    ravi = await e2e.signUpViaApi({ fullName: 'Ravi Shankar Pillai' });
    dev = await e2e.signUpViaApi({ fullName: 'Dev Malhotra' });
    await verifyKyc(e2e.app, await userIdOf(e2e.app, dev.email));
    devApi = await apiAs(dev);
    for (let i = 0; i < EXTRA_USERS; i += 1)
      await e2e.signUpViaApi({ fullName: `Paging User ${i}` });

    // Asha submits her KYC through the API; the browser flow has its own test (kyc.test.ts).
    ashaApi = await apiAs(asha);
    ashaId = (await submitKycAs(ashaApi, asha.fullName)).id;
  });
  afterAll(() => e2e?.close());

  it('sends a non-admin who opens /admin to /', async () => {
    const { page } = await e2e.userPage();
    const admin = new AdminPage(page);
    await admin.shell.open('/admin');
    await expect.poll(() => admin.shell.pathname(), { timeout: 15_000 }).toBe('/');
    expect(await admin.shell.settledPathname()).toBe('/');
    await expect(admin.heading).toHaveCount(0);
  });

  it('users: search, KYC status filter, server-side paging, Review only for submitted users', async () => {
    const admin = await adminAt();
    await admin.waitForRows(ADMIN_PAGE_SIZE);
    const counted = await e2e.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const total = counted[0]!.n;
    expect(total).toBeGreaterThan(ADMIN_PAGE_SIZE);
    await expect(admin.pagerText).toHaveText(`Showing 1 to ${ADMIN_PAGE_SIZE} of ${total} entries`);
    await screenshotBothSizes(admin.page, 'admin-users');
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await admin.waitForRows(ADMIN_PAGE_SIZE);

    await admin.nextPage.click();
    await admin.waitForRows(total - ADMIN_PAGE_SIZE);
    await expect(admin.pagerText).toHaveText(
      `Showing ${ADMIN_PAGE_SIZE + 1} to ${total} of ${total} entries`,
    );

    // A search starts again at page 1 and matches name or e-mail.
    await admin.filter('shankar pillai');
    await admin.waitForRows(1, ravi.email);
    const raviRow = admin.rows(ravi.email);
    await raviRow.getByText('pending', { exact: true }).waitFor();
    await expect(admin.reviewButton(ravi.email)).toHaveCount(0);
    await admin.filter(asha.email);
    await admin.waitForRows(1, asha.email);
    await expect(admin.reviewButton(asha.email)).toHaveCount(1);

    // Status filter: only submitted users, each with Review; verified has Dev and the admin.
    await admin.filter('', 'submitted');
    await admin.waitForRows(1, asha.email);
    await expect(admin.rows()).toHaveCount(1);
    await screenshotBothSizes(admin.page, 'admin-users-submitted');
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await admin.filter('shankar', 'pending');
    await admin.waitForRows(1, ravi.email);
    await expect(admin.reviewButton()).toHaveCount(0);
    await admin.filter('shankar', 'submitted');
    await expect(admin.empty('No users found')).toBeVisible();
    await admin.filter('', 'verified');
    await admin.waitForRows(2);
    await admin.rows(dev.email).waitFor();
    await admin.rows(ADMIN.email).waitFor();
    await expect(admin.reviewButton(dev.email)).toHaveCount(0);
    expect(await admin.statusOptions()).toEqual([
      'All statuses',
      'Pending',
      'Submitted',
      'Verified',
      'Rejected',
    ]);
  });

  it('the review dialog says when a document is missing and shows a placeholder when an image fails', async () => {
    // The PAN image goes missing from the record; the selfie fails to load.
    await e2e.app.db.query('UPDATE users SET pan_front_url = NULL WHERE id = $1', [ashaId]);
    const admin = await adminAt();
    await admin.page.route(`**/api/kyc/documents/${ashaId}/selfie`, (route) =>
      route.fulfill({ status: 500, body: 'broken' }),
    );
    await admin.filter(asha.email, 'submitted');
    await admin.waitForRows(1, asha.email);
    await admin.reviewButton(asha.email).click();
    const dialog = admin.reviewDialog;
    await expect(dialog.root).toBeVisible();
    await expect(dialog.document('panFront').getByText(messages.kyc.documentMissing)).toBeVisible();
    await expect(dialog.placeholder('selfie')).toBeVisible();
    await expect.poll(() => dialog.imageLoaded('Aadhar front image')).toBe(true);
    // Masked numbers only: the last four digits of Aadhaar and account.
    await expect(dialog.maskedAadhaar).toHaveCount(1);
    await dialog.cancel.click();
    await dialog.root.waitFor({ state: 'detached' });
  });

  it('the review dialog lists earlier submissions with their decision, reason and documents', async () => {
    // Meera's first submission is rejected; she submits again (ADR 041: the first is kept).
    const meera = await e2e.signUpViaApi({ fullName: 'Meera Iyer' });
    const meeraApi = await apiAs(meera);
    const first = await submitKycAs(meeraApi, meera.fullName);
    const admin = await adminAt();
    const reason = 'The Aadhaar photo looks edited';
    const rejected = await admin.page.request.post(`/api/admin/users/${first.id}/kyc`, {
      data: { decision: 'reject', reason, submittedAt: first.kycSubmittedAt },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await submitKycAs(meeraApi, meera.fullName);

    await admin.filter(meera.email, 'submitted');
    await admin.waitForRows(1, meera.email);
    await admin.reviewButton(meera.email).click();
    const dialog = admin.reviewDialog;
    await expect(dialog.root).toBeVisible();
    await expect(dialog.earlierSubmissions).toBeVisible();
    await expect(dialog.earlierSubmission).toHaveCount(1);
    const earlier = dialog.earlierSubmission.first();
    await expect(earlier.getByText('rejected', { exact: true })).toBeVisible();
    await expect(earlier.getByText(`Reason: ${reason}`)).toBeVisible();
    await expect(earlier.getByText(`by ${ADMIN.email}`)).toBeVisible();
    // Each earlier document opens through the admin-only route, as the file it was.
    const links = dialog.earlierDocumentLinks(earlier);
    await expect(links).toHaveCount(5);
    expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual([
      'Aadhar front',
      'Aadhar back',
      'PAN card',
      'Selfie',
      'Bank statement (PDF)',
    ]);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toContain('?submission=');
      const res = await admin.page.request.get(href!);
      expect(res.status(), href!).toBe(200);
    }
    // Meera herself cannot open them.
    const own = await meeraApi.get((await links.first().getAttribute('href'))!);
    expect(own.status()).toBe(404);

    await screenshotBothSizes(admin.page, 'admin-kyc-review-history', () =>
      dialog.earlierSubmissions.scrollIntoViewIfNeeded(),
    );
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await dialog.cancel.click();
    await dialog.root.waitFor({ state: 'detached' });
  });

  it('deposits: approve, and reject with a required reason; buttons only while pending; filters', async () => {
    await deposit('5000', 'UTR1234567890');
    await deposit('2500', 'UTR9876543210');
    const admin = await adminAt();
    await admin.openTab('Deposits');
    await admin.filter(dev.email);
    await admin.waitForRows(2, dev.email);
    await screenshotBothSizes(admin.page, 'admin-deposits');
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await admin.waitForRows(2, dev.email);

    const first = admin.rows('UTR1234567890');
    await first.getByText('₹5,000.00').waitFor();
    await admin.rowButton('UTR1234567890', 'Approve').click();
    await admin.shell.toast(messages.admin.depositApproved, 'success').waitFor();
    await first.getByText('approved', { exact: true }).waitFor();
    await expect(admin.rowButton('UTR1234567890')).toHaveCount(0);

    const second = admin.rows('UTR9876543210');
    await admin.rowButton('UTR9876543210', 'Reject').click();
    const dialog = admin.rejectDepositDialog;
    await expect(dialog.root).toBeVisible();
    await dialog.submit.click();
    await expect(dialog.message(messages.admin.rejectReasonRequired)).toBeVisible();
    expect(await dialog.reason.getAttribute('aria-invalid')).toBe('true');
    await screenshotBothSizes(admin.page, 'admin-reject-deposit');
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await dialog.reason.fill('No transfer with this UTR reached us');
    await dialog.submit.click();
    await admin.shell.toast(messages.admin.depositRejected, 'success').waitFor();
    await dialog.root.waitFor({ state: 'detached' });
    await second.getByText('rejected', { exact: true }).waitFor();
    await expect(admin.rowButton('UTR9876543210')).toHaveCount(0);

    // Filters: approved shows the first only; pending shows neither; UTR search finds one.
    await admin.filter(dev.email, 'approved');
    await admin.waitForRows(1, 'UTR1234567890');
    await expect(admin.rows()).toHaveCount(1);
    await admin.statusFilter.selectOption('pending');
    await expect(admin.empty('No deposits found')).toBeVisible();
    await admin.filter('UTR98765', '');
    await admin.waitForRows(1, 'UTR9876543210');
    await expect(admin.rows()).toHaveCount(1);

    // The approved amount reached Dev's balance, as the Users tab shows.
    await admin.openTab('Users');
    await admin.filter(dev.email);
    await admin.waitForRows(1, dev.email);
    await admin.rows(dev.email).getByText('₹5,000.00').waitFor();

    // Every decision is in the audit log with who made it: his KYC verification (the fixture
    // acts as the admin) and both deposits.
    await admin.openTab('Audit log');
    await admin.filter(dev.email);
    await admin.waitForRows(3, dev.email);
    await admin.rows('KYC').getByText(ADMIN.email).waitFor();
    const rejected = admin.rows('UTR9876543210');
    await rejected.getByText('Reason: No transfer with this UTR reached us').waitFor();
    await rejected.getByText(ADMIN.email).waitFor();
    await admin.rows('UTR1234567890').getByText('approved', { exact: true }).waitFor();
    await screenshotBothSizes(admin.page, 'admin-audit');
  });

  it('trades: every user trade with 8-decimal amounts, search and every status filter', async () => {
    const res = await devApi.post('/api/trades/quick', {
      data: { side: 'buy', usdtAmount: '10', quotedRate: '1000' },
    });
    expect(res.status(), await res.text()).toBe(201);

    const admin = await adminAt();
    await admin.openTab('Trades');
    await admin.filter(dev.email);
    await admin.waitForRows(1, dev.email);
    const row = admin.rows(dev.email);
    await row.getByText('10.00000000').waitFor();
    await row.getByText('buy', { exact: true }).waitFor();
    await row.getByText('completed', { exact: true }).waitFor();
    await screenshotBothSizes(admin.page, 'admin-trades');
    await admin.page.setViewportSize(VIEWPORTS.desktop);

    expect(await admin.statusOptions()).toEqual([
      'All statuses',
      'Completed',
      'Failed',
      'Pending',
      'Submitted',
      'Verified',
      'Rejected',
    ]);
    await admin.statusFilter.selectOption('completed');
    await admin.waitForRows(1, dev.email);
    for (const status of ['failed', 'verified', 'pending']) {
      await admin.statusFilter.selectOption(status);
      await expect(admin.empty(messages.trades.empty)).toBeVisible();
    }
    await admin.filter('nobody-by-this-name', '');
    await expect(admin.empty(messages.trades.empty)).toBeVisible();
  });

  it('shows the server message or the fallback when a list or a decision fails', async () => {
    const admin = await adminAt();
    const page: Page = admin.page;
    const fallbacks: Array<[AdminTab, string, string]> = [
      ['Users', 'users', messages.admin.fetchUsersFailed],
      ['Deposits', 'deposits', messages.admin.fetchDepositsFailed],
      ['Trades', 'trades', messages.admin.fetchTradesFailed],
    ];
    for (const [tab, resource, fallback] of fallbacks) {
      // Not our error shape (a proxy's page): the spec's fallback text.
      await page.route(`**/api/admin/${resource}?*`, (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      );
      await admin.openTab(tab);
      await admin.search.fill(`x-${resource}`);
      await expect(admin.alert(fallback)).toBeVisible();
      await page.unroute(`**/api/admin/${resource}?*`);
    }

    // Our error shape: the server's own message.
    await page.route('**/api/admin/trades?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Trades are resting' } }),
      }),
    );
    await admin.search.fill('y');
    await expect(admin.alert('Trades are resting')).toBeVisible();
    await page.unroute('**/api/admin/trades?*');

    // Decisions that fail say so.
    const id = await deposit('300', 'UTR5555566666');
    await admin.openTab('Deposits');
    await admin.filter('UTR5555566666', 'pending');
    await admin.waitForRows(1, 'UTR5555566666');
    await page.route(`**/api/admin/deposits/${id}/*`, (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await admin.rowButton('UTR5555566666', 'Approve').click();
    await admin.shell.toast(messages.admin.approveDepositFailed, 'error').waitFor();
    await admin.rowButton('UTR5555566666', 'Reject').click();
    await admin.rejectDepositDialog.reason.fill('Duplicate');
    await admin.rejectDepositDialog.submit.click();
    await admin.shell.toast(messages.admin.rejectDepositFailed, 'error').waitFor();
    await admin.rejectDepositDialog.cancel.click();

    await admin.openTab('Users');
    await admin.filter(asha.email, 'submitted');
    await admin.waitForRows(1, asha.email);
    await page.route(`**/api/admin/users/${ashaId}/kyc`, (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await admin.reviewButton(asha.email).click();
    await admin.reviewDialog.approve.click();
    await admin.shell.toast(messages.admin.kycUpdateFailed, 'error').waitFor();
  });
});
