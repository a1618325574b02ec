import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOTP } from 'otpauth';
import { totpFor } from '../test/support/two-factor.ts';
import { addVirtualAuthenticator } from './support/webauthn.ts';
import type { Locator, Page } from 'playwright-core';
import { messages } from '@sikka/contracts';
import { newUser } from '../test/support/app.ts';
import { linkIn } from '../test/support/mail-catcher.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { creditInr, userIdOf, verifyKyc } from './support/money-seed.ts';
import {
  EmailBanner,
  ForgotPasswordPage,
  ResetPasswordPage,
  SecondFactorDialog,
  VerifyEmailPage,
} from './page-models/account-recovery-pages.ts';
import { AdminPage } from './page-models/admin-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { LoginPage } from './page-models/login-page.ts';
import { PaymentPage } from './page-models/payment-page.ts';
import { SecurityPage } from './page-models/security-page.ts';
import { SignupPage } from './page-models/signup-page.ts';
import { WithdrawPage } from './page-models/withdraw-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const VERIFY_SUBJECT = 'Confirm your email';
const RESET_SUBJECT = 'Reset your Sikka password';

/** The person can type at once: the field has the keyboard focus. */
const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);

/** Screenshots show the screen, not the last toast over it. */
async function noToasts(page: Page): Promise<void> {
  // A toast under the pointer stays open (sonner pauses it while hovered), as it would for a
  // person: the pointer leaves it first, as a person's would.
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Turns TOTP on for the page's signed-in user through the API (the Security page is another
 * screen's test): returns the app's generator and the backup codes.
 */
async function enableTotp(e2e: E2e, page: Page): Promise<{ totp: TOTP; backupCodes: string[] }> {
  const headers = { origin: e2e.baseURL };
  const setup = await page.request.post('/api/auth/two-factor/totp/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const totp = totpFor(secret);
  const enable = await page.request.post('/api/auth/two-factor/totp/enable', {
    headers,
    data: { code: totp.generate() },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  const { backupCodes } = (await enable.json()) as { backupCodes: string[] };
  return { totp, backupCodes };
}

describe.skipIf(Boolean(skip))('account recovery and security in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ mail: true });
  });
  afterAll(() => e2e?.close());

  it('sign-up mails a verification link; the banner shows until the link is followed', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    const account = newUser({ fullName: 'Kavya Menon' });
    await signup.goto();
    await signup.signUp(account);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await signup.shell.dismissDialog();

    const banner = new EmailBanner(page);
    await expect(banner.root).toBeVisible();
    await expect(banner.root).toContainText(account.email.toLowerCase());
    await expect(banner.root).toContainText('Withdrawals open once it is verified.');

    const first = await e2e.mail!.waitForTo(account.email, VERIFY_SUBJECT);
    expect(linkIn(first, '/verify-email').searchParams.get('token')).toBeTruthy();

    // A new link on request: the server's message as a toast, and a second mail with it.
    await banner.resend.click();
    await signup.shell.toast(messages.security.verificationSent, 'success').waitFor();
    const second = await e2e.mail!.waitFor(
      (m) =>
        m !== first &&
        m.to.includes(account.email.toLowerCase()) &&
        m.subject.includes(VERIFY_SUBJECT),
    );
    const link = linkIn(second, '/verify-email');
    await noToasts(page);
    await screenshotBothSizes(page, 'email-banner', looksRight(banner.root, banner.resend));

    // The Security page's E-mail card says it, with its own button: the banner stands down.
    const security = new SecurityPage(page);
    await security.open();
    await security.shell.dismissDialog();
    await expect(security.email).toContainText('Not verified');
    await expect(banner.root).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send a new link' })).toHaveCount(1);
    // It leads the page while the address is unverified.
    const top = async (l: Locator) => (await l.boundingBox())!.y;
    expect(await top(security.email)).toBeLessThan(await top(security.twoFactor));
    await screenshotBothSizes(page, 'security-email-unverified', looksRight(security.email));

    const verify = new VerifyEmailPage(page);
    await verify.open(link);
    await expect(verify.result).toHaveText(messages.security.emailVerified);
    await verify.dashboardLink.click();
    await page.waitForURL('**/dashboard');
    await new DashboardPage(page).greeting.waitFor();
    await expect(banner.root).toHaveCount(0);

    // This server sends by SMTP, so the development mailbox says there is none.
    await verify.shell.open('/dev/mailbox');
    await expect(
      page.getByText('Mail is sent by SMTP here; there is no local mailbox.'),
    ).toBeVisible();
  });

  it('e-mail change: asked on the Security page, made by the link sent to the new address; the old one is told', async () => {
    const account = await e2e.signUpViaApi({ fullName: 'Meera Iyer' });
    const page = await e2e.newPage(VIEWPORTS.desktop, await e2e.storageStateFor(account));
    const security = new SecurityPage(page);
    await security.open();
    await security.shell.dismissDialog();
    await security.email.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email' });
    const newEmail = dialog.getByLabel('New email', { exact: true });
    const password = dialog.getByLabel('Current password', { exact: true });
    const send = dialog.getByRole('button', { name: 'Send link' });

    // The same address is refused at its field, in the server's words.
    await newEmail.fill(account.email);
    await password.fill(account.password);
    await send.click();
    await expect(dialog.locator('[data-field-error]')).toHaveText(
      messages.security.emailSameAsCurrent,
    );
    const next = newUser().email;
    await newEmail.fill(next);
    await screenshotBothSizes(page, 'email-change-dialog', looksRight(newEmail, password, send));
    await send.click();
    const sent = messages.security.emailChangeSent(next);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('email-change-sent')).toHaveText(sent);
    // Nothing changes before the link is followed.
    await expect(security.email).toContainText(account.email.toLowerCase());
    const notice = await e2e.mail!.waitForTo(account.email, 'A change of your Sikka email');
    expect(notice.text).toContain(next);

    const letter = await e2e.mail!.waitForTo(next, 'Confirm your new email');
    const confirm = new VerifyEmailPage(page);
    await confirm.open(linkIn(letter, '/confirm-email-change'));
    await expect(confirm.result).toHaveText(messages.security.emailChanged(next));
    await screenshotBothSizes(page, 'email-change-confirmed', looksRight(confirm.result));
    await e2e.mail!.waitForTo(account.email, 'Your Sikka email was changed');

    await security.open();
    await expect(security.email).toContainText(next);
    await expect(security.email).toContainText('Verified');
  });

  it('forgot password: one answer for any address, a mailed link, sessions ended, the link used once', async () => {
    const account = await e2e.signUpViaApi({ password: 'first password 1' });
    // A session opened before the reset, in another browser.
    const other = await e2e.newPage(VIEWPORTS.desktop, await e2e.storageStateFor(account));
    const dashboard = new DashboardPage(other);
    await dashboard.shell.open('/dashboard');
    await dashboard.greeting.waitFor();

    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPassword.click();
    const forgot = new ForgotPasswordPage(page);
    await forgot.heading.waitFor();
    await screenshotBothSizes(
      page,
      'forgot-password',
      looksRight(forgot.heading, forgot.email, forgot.submit),
    );

    await forgot.request(`nobody-${Date.now()}@example.com`);
    await expect(forgot.result).toHaveText(messages.security.forgotSent);
    await forgot.goto();
    await forgot.request(account.email);
    await expect(forgot.result).toHaveText(messages.security.forgotSent);
    await screenshotBothSizes(
      page,
      'forgot-password-sent',
      looksRight(forgot.result, forgot.backToLogin),
    );

    const link = linkIn(await e2e.mail!.waitForTo(account.email, RESET_SUBJECT), '/reset-password');
    const reset = new ResetPasswordPage(page);
    await reset.open(link);
    // The confirmation must match before anything is sent.
    await reset.password.fill('second password 2');
    await reset.confirm.fill('second password');
    await reset.submit.click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await screenshotBothSizes(
      page,
      'reset-password',
      looksRight(reset.heading, reset.password, reset.submit),
    );
    await reset.reset('second password 2');
    await expect(reset.success).toHaveText(messages.security.passwordReset);

    // The other browser's session ended: its dashboard sends it to /login.
    await dashboard.shell.open('/dashboard');
    await other.waitForURL((url) => url.pathname === '/login');

    // The old password no longer signs in; the new one does.
    await reset.loginLink.click();
    await login.email.waitFor();
    await login.login(account.email, 'first password 1');
    await login.shell.toast(messages.login.invalidCredentials, 'error').waitFor();
    await login.password.fill('second password 2');
    await login.submit.click();
    await login.shell.toast(messages.login.success, 'success').waitFor();
    await page.waitForURL('**/dashboard');

    // The link works once.
    const again = await e2e.newPage();
    const resetAgain = new ResetPasswordPage(again);
    await resetAgain.open(link);
    await resetAgain.reset('third password 3');
    await expect(resetAgain.failure).toHaveText(messages.security.linkInvalid);
  });

  it('an unverified e-mail keeps withdrawals closed, in the words of the server', async () => {
    const { page, account } = await e2e.userPage();
    const userId = await userIdOf(e2e.app, account.email);
    await verifyKyc(e2e.app, userId);
    await creditInr(e2e.app, userId, '5000');
    // The KYC fixture counts the address as verified too; this user has not followed the link.
    await e2e.app.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [userId]);
    const withdraw = new WithdrawPage(page);
    await withdraw.open();
    await expect(new EmailBanner(page).root).toBeVisible();
    await expect(withdraw.available).toHaveText('₹5,000.00');
    await withdraw.withdraw('1000');
    await withdraw.shell.toast(messages.security.emailUnverified, 'error').waitFor();
    await expect(withdraw.available).toHaveText('₹5,000.00');
  });

  it('step-up: a new bank account asks "Confirm it\'s you"; a wrong code is refused, the right one adds it', async () => {
    const { page, account } = await e2e.userPage();
    await verifyKyc(e2e.app, await userIdOf(e2e.app, account.email));
    const { totp, backupCodes } = await enableTotp(e2e, page);

    const payment = new PaymentPage(page);
    await payment.open();
    await payment.add({
      accountHolderName: account.fullName,
      bankName: 'HDFC Bank',
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
    });
    const dialog = new SecondFactorDialog(page);
    await expect(dialog.root).toBeVisible();
    await expect.poll(() => isFocused(dialog.code)).toBe(true);
    await screenshotBothSizes(page, 'step-up-dialog', looksRight(dialog.code, dialog.confirm));

    // A wrong code is refused in the same open dialog: it never closes and opens again.
    const opened = await dialog.root.elementHandle();
    await dialog.enter('000000');
    await expect(dialog.error).toHaveText(messages.security.codeInvalid);
    expect(await opened!.evaluate((el) => el.isConnected)).toBe(true);
    await expect(dialog.code).toHaveValue('');
    await expect.poll(() => isFocused(dialog.code)).toBe(true);
    await screenshotBothSizes(
      page,
      'step-up-dialog-wrong',
      looksRight(dialog.error, dialog.confirm),
    );
    // The code that turned TOTP on cannot be used again: the next step's code. While it is
    // checked (the answer held back here), the dialog stays open and says so.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/me/bank-accounts',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await dialog.code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.keyboard.press('Enter');
    const checking = dialog.root.getByRole('button', { name: 'Checking…' });
    await screenshotBothSizes(page, 'step-up-dialog-checking', looksRight(checking));
    release();
    await payment.shell.toast(messages.bankAccounts.added, 'success').waitFor();
    await expect(dialog.root).toHaveCount(0);
    await expect(payment.accounts('HDFC Bank')).toHaveCount(1);

    // Signing in asks for the code in the same card; a backup code does as well.
    const fresh = await e2e.newPage();
    const login = new LoginPage(fresh);
    await login.goto();
    await login.login(account.email, account.password);
    await login.codePrompt.waitFor();
    await expect.poll(() => isFocused(login.code)).toBe(true);
    await login.enterCode('000000');
    await expect(login.codeError).toHaveText(messages.security.codeInvalid);
    await screenshotBothSizes(
      fresh,
      'login-code-step',
      looksRight(login.code, login.verify, login.differentAccount),
    );
    await login.differentAccount.click();
    await login.email.waitFor();
    await login.login(account.email, account.password);
    await login.enterCode(backupCodes[0]!);
    await login.shell.toast(messages.login.success, 'success').waitFor();
    await fresh.waitForURL('**/dashboard');
  });

  it('a passkey signs in from the login screen, without e-mail or password', async () => {
    const account = await e2e.signUpViaApi();
    const page = await e2e.newPage();
    // WebAuthn wants a host name: the same server as localhost (see docs of the passkey API).
    const origin = e2e.baseURL.replace('127.0.0.1', 'localhost');
    await addVirtualAuthenticator(page);
    const login = new LoginPage(page);
    await login.shell.open(`${origin}/login`);
    await login.login(account.email, account.password);
    await page.waitForURL('**/dashboard');

    // Registration is the Security page's; here the browser does it straight against the API.
    const added = await page.evaluate(async (currentPassword) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const options = await (
        await post('/api/auth/passkeys/registration-options', { currentPassword })
      ).json();
      const credential = (await navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
      })) as PublicKeyCredential;
      const res = await post('/api/auth/passkeys', {
        name: 'Test key',
        response: credential.toJSON(),
      });
      return res.status;
    }, account.password);
    expect(added).toBe(201);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }).then((r) => r.status));

    await login.shell.open(`${origin}/login`);
    await login.passkeyButton.click();
    await login.shell.toast(messages.login.success, 'success').waitFor();
    await page.waitForURL('**/dashboard');
    await expect(page.getByText(account.fullName).first()).toBeVisible();
  });

  it('an admin without two-factor is sent to set it up instead of the admin tools', async () => {
    const { page, account } = await e2e.userPage();
    await e2e.app.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [
      await userIdOf(e2e.app, account.email),
    ]);
    const shell = new LoginPage(page).shell;
    await shell.open('/admin');
    await page.waitForURL('**/dashboard/account/security?setup=admin');
  });

  it('admin: the audit log filters to security events and downloads them as CSV', async () => {
    // A security event of its own, so the filter has something to show.
    const { page, account } = await e2e.userPage();
    await enableTotp(e2e, page);

    const admin = new AdminPage(await e2e.adminPage());
    await admin.goto();
    await admin.openTab('Audit log');
    await admin.auditAction.selectOption('security.');
    await expect(admin.rows().first()).toBeVisible();
    // The unfiltered list may already start with a security event: wait for every row to be one.
    await expect
      .poll(async () => {
        const rows = await admin.rows().allInnerTexts();
        return rows.length > 0 && rows.every((text) => text.includes('Security'));
      })
      .toBe(true);
    expect(await admin.auditCsv.getAttribute('href')).toBe('/api/admin/audit.csv?action=security.');
    await screenshotBothSizes(
      admin.page,
      'admin-audit-filters',
      looksRight(admin.auditAction, admin.auditCsv),
    );

    await admin.page.setViewportSize(VIEWPORTS.desktop);
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.auditCsv.click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes('security.'))).toBe(true);

    // A user's sign-ins, from the Users tab: the API sign-in of userPage is there.
    await admin.openTab('Users');
    await admin.filter(account.email);
    await admin.waitForRows(1, account.email);
    await admin
      .rows(account.email)
      .getByRole('button', { name: /^Sign-ins/ })
      .click();
    const history = admin.page.getByRole('dialog', {
      name: `Sign-in history: ${account.fullName}`,
    });
    await expect(history.locator('[data-row]').first()).toContainText('Signed in');
    await screenshotBothSizes(
      admin.page,
      'admin-sign-in-history',
      looksRight(history.locator('[data-row]').first()),
    );
  });
});
