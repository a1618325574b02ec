import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messages } from '@sikka/contracts';
import { linkIn } from '../test/support/mail-catcher.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type Account, type E2e } from './support/e2e-app.ts';
import { creditInr, userIdOf, verifyKyc } from './support/money-seed.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { AdminPage } from './page-models/admin-page.ts';
import { FreezeAccountPage } from './page-models/freeze-account-page.ts';
import { LoginPage } from './page-models/login-page.ts';
import { SecurityPage } from './page-models/security-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** A page load, a request and a render: generous for a loaded machine. */
const LIVE = { timeout: 15_000 };

/**
 * The element in the middle of the viewport, clear of the sticky header and a phone's tab bar,
 * and the pointer off it (no hover look left from the last click).
 */
async function centre(element: Locator): Promise<void> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await element.page().mouse.move(1, 1);
}

/** Screenshots show the screen, not the last toast over it. */
async function noToasts(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, LIVE);
}

const pathname = (page: Page) => new URL(page.url()).pathname;

describe.skipIf(Boolean(skip))('freezing the account in the browser (ADR 035)', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ mail: true });
  }, 120_000);
  afterAll(() => e2e?.close());

  /** A new user with KYC (and so the e-mail) verified: no KYC prompt, withdrawals open. */
  async function verifiedAccount(): Promise<{ account: Account; userId: string }> {
    const account = await e2e.signUpViaApi();
    const userId = await userIdOf(e2e.app, account.email);
    await verifyKyc(e2e.app, userId);
    return { account, userId };
  }

  /** The first new-sign-in mail to `account` among the mails after the first `after`. */
  const newSignInMail = (account: Account, after: number) =>
    e2e.mail!.waitFor(
      (m) =>
        e2e.mail!.messages.indexOf(m) >= after &&
        m.to.includes(account.email.toLowerCase()) &&
        m.subject.includes('New sign-in'),
      20_000,
    );

  /** A withdrawal of ₹1,000 waiting for review, asked for through the API as the page would. */
  async function pendingWithdrawal(page: Page, userId: string): Promise<string> {
    await creditInr(e2e.app, userId, '5000');
    const headers = { origin: e2e.baseURL };
    const accounts = await page.request.get('/api/me/bank-accounts', { headers });
    expect(accounts.status(), await accounts.text()).toBe(200);
    const [bank] = ((await accounts.json()) as { bankAccounts: Array<{ id: string }> })
      .bankAccounts;
    const res = await page.request.post('/api/withdrawals', {
      headers: { ...headers, 'idempotency-key': `freeze-${userId}` },
      data: { amount: '1000', bankAccountId: bank!.id },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { withdrawal: { id: string } }).withdrawal.id;
  }

  const withdrawalStatus = async (id: string) =>
    (
      await e2e.app.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [
        id,
      ])
    )[0]!.status;

  const isFrozen = async (userId: string) =>
    (
      await e2e.app.db.query<{ frozen: boolean }>(
        'SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1',
        [userId],
      )
    )[0]!.frozen;

  it('from the Security page: a wrong password changes nothing; the right one freezes, signs out and shows why; the admin unfreezes', async () => {
    const { account, userId } = await verifiedAccount();
    const page = await e2e.newPage(VIEWPORTS.desktop, await e2e.storageStateFor(account));
    const withdrawal = await pendingWithdrawal(page, userId);
    const security = new SecurityPage(page);
    await security.open();

    // The last card of the page.
    await expect(security.freeze).toBeVisible();
    const top = async (l: Locator) => (await l.boundingBox())!.y;
    expect(await top(security.freeze)).toBeGreaterThan(await top(security.history));
    await expect(security.freeze).toContainText('not even you');
    await screenshotBothSizes(page, 'security-freeze-card', async (p) => {
      await looksRight(security.freezeButton)(p);
      await centre(security.freeze);
    });

    // Empty: the form's own message; nothing is sent.
    await page.setViewportSize(VIEWPORTS.desktop);
    await security.freezeButton.click();
    await expect(security.freezeDialog).toBeVisible();
    await expect(security.freezeDialog).toContainText('only our support team can unfreeze it');
    await screenshotBothSizes(page, 'security-freeze-dialog', async (p) => {
      await looksRight(security.freezePassword, security.confirmFreeze)(p);
      await p.mouse.move(1, 1);
    });
    await page.setViewportSize(VIEWPORTS.desktop);
    await security.confirmFreeze.click();
    await expect(security.fieldError(security.freezePassword)).toHaveText(
      messages.security.currentPasswordRequired,
    );

    // Wrong: the server's words at the field; the account, session and withdrawal stay.
    await security.freezePassword.fill('not my password');
    await security.confirmFreeze.click();
    await expect(security.fieldError(security.freezePassword)).toHaveText(
      messages.security.currentPasswordWrong,
      LIVE,
    );
    await expect(security.freezeDialog).toBeVisible();
    expect(pathname(page)).toBe('/dashboard/account/security');
    expect(await isFrozen(userId)).toBe(false);
    expect((await page.request.get('/api/me')).status()).toBe(200);
    expect(await withdrawalStatus(withdrawal)).toBe('pending');

    // Right: frozen, and the browser lands on the page that says so (the withdrawal counted).
    await security.freezePassword.fill(account.password);
    await security.confirmFreeze.click();
    const frozenPage = new FreezeAccountPage(page);
    await expect(frozenPage.frozenHeading).toBeVisible(LIVE);
    expect(pathname(page)).toBe('/freeze-account');
    await expect(frozenPage.result).toContainText(messages.security.accountFrozenNow);
    await expect(frozenPage.result).toContainText(
      '1 withdrawal was cancelled, and the amount is back in your balance.',
    );
    await expect(frozenPage.supportLink).toBeVisible();
    expect(await isFrozen(userId)).toBe(true);
    expect(await withdrawalStatus(withdrawal)).toBe('cancelled');
    await noToasts(page);
    await screenshotBothSizes(
      page,
      'freeze-account-frozen-from-security',
      looksRight(frozenPage.frozenHeading, frozenPage.supportLink),
    );
    // The notice stays for a reload (it lives in the history entry).
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.reload();
    await expect(frozenPage.frozenHeading).toBeVisible(LIVE);

    // Signed out: the dashboard sends to /login, and the server knows no session.
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await security.shell.open('/dashboard');
    await expect.poll(() => pathname(page), LIVE).toBe('/login');

    // The right password is refused, with the reason on the page (not only a passing toast).
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    await expect(login.notice).toHaveText(messages.security.accountFrozen, LIVE);
    expect(pathname(page)).toBe('/login');
    // A wrong password still gets the usual answer, and no notice.
    await login.password.fill('not my password');
    await login.submit.click();
    await expect(login.shell.toast(messages.login.invalidCredentials, 'error')).toBeVisible(LIVE);
    await expect(login.notice).toHaveCount(0);
    await login.login(account.email, account.password);
    await expect(login.notice).toHaveText(messages.security.accountFrozen, LIVE);
    await noToasts(page);
    await screenshotBothSizes(page, 'login-account-frozen', looksRight(login.notice, login.submit));

    // The admin sees "Frozen" in the user list, and unfreezes after asking.
    const adminPage = await e2e.adminPage();
    const admin = new AdminPage(adminPage);
    await admin.goto();
    await admin.filter(account.email);
    await admin.waitForRows(1, account.email);
    const row = admin.rows(account.email);
    // The status pill's word, as the other pills: lower case in the page, capitalised by CSS.
    await expect(row.getByText('frozen', { exact: true })).toBeVisible();
    await expect(admin.unfreezeButton(account.email)).toBeVisible();
    await screenshotBothSizes(adminPage, 'admin-users-frozen', async (p) => {
      await looksRight(row.getByText('frozen', { exact: true }))(p);
      await p.mouse.move(1, 1);
    });
    await adminPage.setViewportSize(VIEWPORTS.desktop);
    await admin.unfreezeButton(account.email).click();
    await expect(admin.unfreezeDialog).toBeVisible();
    await expect(admin.unfreezeDialog).toContainText(account.email.toLowerCase());
    await screenshotBothSizes(adminPage, 'admin-unfreeze-dialog', async (p) => {
      await looksRight(admin.unfreezeDialog.getByRole('button', { name: 'Unfreeze', exact: true }))(
        p,
      );
      await p.mouse.move(1, 1);
    });
    await adminPage.setViewportSize(VIEWPORTS.desktop);
    // Cancelled: still frozen.
    await admin.unfreezeDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(admin.unfreezeDialog).toHaveCount(0);
    expect(await isFrozen(userId)).toBe(true);
    await admin.unfreezeButton(account.email).click();
    await admin.unfreezeDialog.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await expect(admin.shell.toast(messages.security.accountUnfrozen, 'success')).toBeVisible(LIVE);
    await expect(admin.unfreezeDialog).toHaveCount(0);
    await expect(row.getByText('frozen', { exact: true })).toHaveCount(0, LIVE);
    await expect(admin.unfreezeButton(account.email)).toHaveCount(0);
    expect(await isFrozen(userId)).toBe(false);

    // Both events are in the audit log, in words.
    await admin.openTab('Audit log');
    await admin.filter(account.email);
    await expect(admin.rows('Account frozen')).toHaveCount(1, LIVE);
    await expect(admin.rows('Account unfrozen')).toHaveCount(1, LIVE);

    // The owner signs in again.
    await login.goto();
    await login.login(account.email, account.password);
    await expect.poll(() => pathname(page), LIVE).toBe('/dashboard');
  });

  it('from the new-sign-in mail: the link waits for the click, freezes, ends every session, and works once', async () => {
    const { account, userId } = await verifiedAccount();
    const first = await e2e.newPage(VIEWPORTS.desktop, await e2e.storageStateFor(account));
    const security = new SecurityPage(first);
    await security.open();

    // A sign-in from a browser the account has not used: its mail carries the freeze link.
    const mailsBefore = e2e.mail!.messages.length;
    const second = await e2e.newPage();
    const intruder = new LoginPage(second);
    await intruder.goto();
    await intruder.login(account.email, account.password);
    await expect.poll(() => pathname(second), LIVE).toBe('/dashboard');
    const mail = await newSignInMail(account, mailsBefore);
    expect(mail.text).toContain('Not you, and cannot sign in? Freeze your account now: ');
    const link = linkIn(mail, '/freeze-account');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);

    // Opened (in a new tab of the owner's browser): it asks, and nothing happens until the click.
    const tab = await first.context().newPage();
    const freeze = new FreezeAccountPage(tab);
    await freeze.open(link);
    await expect(freeze.asking).toBeVisible(LIVE);
    await expect(freeze.freeze).toBeVisible();
    await tab.mouse.move(1, 1);
    await screenshotBothSizes(tab, 'freeze-account-link', looksRight(freeze.asking, freeze.freeze));
    await tab.setViewportSize(VIEWPORTS.desktop);
    expect(await isFrozen(userId)).toBe(false);
    await first.reload();
    await expect(security.twoFactor).toBeVisible(LIVE);
    expect(pathname(first)).toBe('/dashboard/account/security');
    expect((await second.request.get('/api/me')).status()).toBe(200);

    // The click freezes: the answer, and every session of the account is over.
    await freeze.freeze.click();
    await expect(freeze.frozenHeading).toBeVisible(LIVE);
    await expect(freeze.result).toContainText(messages.security.accountFrozenNow);
    await expect(freeze.result).not.toContainText('was cancelled');
    expect(pathname(tab)).toBe('/freeze-account');
    expect(await isFrozen(userId)).toBe(true);
    await tab.mouse.move(1, 1);
    await screenshotBothSizes(
      tab,
      'freeze-account-link-frozen',
      looksRight(freeze.frozenHeading, freeze.supportLink),
    );
    await first.reload();
    await expect.poll(() => pathname(first), LIVE).toBe('/login');
    await second.reload();
    await expect.poll(() => pathname(second), LIVE).toBe('/login');

    // The same link again: it says at once that it is spent (asked without using anything up),
    // with no button to press.
    const again = new FreezeAccountPage(await e2e.newPage(VIEWPORTS.mobile));
    await again.open(link);
    await expect(again.failure).toHaveText(messages.security.linkInvalid, LIVE);
    await expect(again.loginLink).toBeVisible();
    await expect(again.freeze).toHaveCount(0);
    await expect(again.asking).toHaveCount(0);
    await again.page.mouse.move(1, 1);
    await screenshotBothSizes(again.page, 'freeze-account-link-used', looksRight(again.failure));

    // No token at all: the same notice, without a button.
    await again.open('/freeze-account');
    await expect(again.failure).toHaveText(messages.security.linkInvalid, LIVE);
    await expect(again.freeze).toHaveCount(0);
  });

  it('a link opened where someone else is signed in freezes its own account and leaves that session', async () => {
    const { account, userId } = await verifiedAccount();
    // Two sign-ins from browsers the account has not used: the second's mail has a link.
    await e2e.storageStateFor(account);
    const mailsBefore = e2e.mail!.messages.length;
    await e2e.storageStateFor(account);
    const mail = await newSignInMail(account, mailsBefore);
    const { page, account: neighbour } = await e2e.userPage(VIEWPORTS.desktop);
    const freeze = new FreezeAccountPage(page);
    await freeze.open(linkIn(mail, '/freeze-account'));
    await freeze.freeze.click();
    await expect(freeze.frozenHeading).toBeVisible(LIVE);
    expect(await isFrozen(userId)).toBe(true);
    // The neighbour is still signed in: in the app (the link's own page, in the same document,
    // then the header) and on the server.
    await freeze.supportLink.click();
    await expect.poll(() => pathname(page), LIVE).toBe('/support');
    await expect(freeze.shell.logoutButton).toBeVisible(LIVE);
    const me = await page.request.get('/api/me');
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(
      neighbour.email.toLowerCase(),
    );
  });
});
