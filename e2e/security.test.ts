import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { TOTP } from 'otpauth';
import { totpFor } from '../test/support/two-factor.ts';
import { addVirtualAuthenticator } from './support/webauthn.ts';
import { COOKIE_CONSENT_STORAGE_KEY, messages } from '@sikka/contracts';
import {
  e2eSkipReason,
  startE2e,
  VIEWPORTS,
  type Account,
  type E2e,
  type Viewport,
} from './support/e2e-app.ts';
import { userIdOf, verifyKyc } from './support/money-seed.ts';
import { looksRight, screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { LoginPage } from './page-models/login-page.ts';
import { NotificationsBell, SecurityPage } from './page-models/security-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** A page load, a request and a render: generous for a loaded machine (expect.poll waits 1 s by default). */
const LIVE = { timeout: 15_000 };

/** A six-digit code that is none of the codes the server accepts now (±1 step). */
function wrongCode(totp: TOTP): string {
  const good = new Set(
    [-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: Date.now() + d })),
  );
  let code = '000000';
  for (let n = 0; good.has(code); n += 1) code = String(123456 + n).padStart(6, '0');
  return code;
}

describe.skipIf(Boolean(skip))('account security in the browser', () => {
  let e2e: E2e;
  /** The same server by its name: WebAuthn refuses an IP address as the site. */
  let localURL: string;
  beforeAll(async () => {
    e2e = await startE2e({ mail: true });
    localURL = e2e.baseURL.replace('127.0.0.1', 'localhost');
  }, 120_000);
  afterAll(() => e2e?.close());

  /** A new user with KYC verified, so no KYC prompt opens over the dashboard pages. */
  async function verifiedAccount(): Promise<Account> {
    const account = await e2e.signUpViaApi();
    await verifyKyc(e2e.app, await userIdOf(e2e.app, account.email));
    return account;
  }

  async function pageFor(account: Account, viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
    return e2e.newPage(viewport, await e2e.storageStateFor(account));
  }

  /** A context on http://localhost:<port>, signed in as `account` when given. */
  const localContexts: BrowserContext[] = [];
  async function localPage(account?: Account): Promise<Page> {
    const context = await e2e.browser.newContext({
      baseURL: localURL,
      viewport: VIEWPORTS.desktop,
      locale: 'en-IN',
    });
    localContexts.push(context);
    await context.addInitScript((key) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'true');
    }, COOKIE_CONSENT_STORAGE_KEY);
    if (account) {
      const res = await context.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password, rememberMe: false },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
    return page;
  }
  afterAll(() => Promise.allSettled(localContexts.map((c) => c.close())));

  /** Turns TOTP on through the page; returns the secret read off the page and the codes. */
  async function turnOnTotp(security: SecurityPage): Promise<{ totp: TOTP; codes: string[] }> {
    await security.setUp.click();
    await expect(security.qr).toBeVisible();
    const shown = (await security.secret.textContent()) ?? '';
    expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const totp = totpFor(shown.replace(/\s+/g, ''));
    // A code of a wrong shape is stopped at the field.
    await security.code.fill('12345');
    await security.turnOn.click();
    await expect(security.fieldError(security.code)).toHaveText(messages.security.appCodeFormat);
    await security.code.fill(totp.generate());
    await security.turnOn.click();
    await expect(security.backupCodes).toHaveCount(10);
    const codes = await security.backupCodes.allInnerTexts();
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/i);
    return { totp, codes };
  }

  async function signOut(page: Page): Promise<void> {
    const security = new SecurityPage(page);
    await security.shell.logoutButton.click();
    await expect.poll(() => security.shell.pathname(), LIVE).toBe('/');
  }

  async function expectDashboard(page: Page): Promise<void> {
    await expect.poll(() => new URL(page.url()).pathname, LIVE).toBe('/dashboard');
  }

  it('TOTP: turned on through the page; sign-in then asks for a code; a backup code works once', async () => {
    const account = await verifiedAccount();
    const page = await pageFor(account);
    const security = new SecurityPage(page);
    await security.open();
    await expect(security.email).toContainText(account.email);

    const { totp, codes } = await turnOnTotp(security);
    await security.page.getByRole('button', { name: 'Download (.txt)' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^sikka-backup-codes-.*\.txt$/);
    await security.savedThem.click();
    await expect(security.backupCodes).toHaveCount(0);
    await expect(security.backupCodesLeft).toHaveText('10');
    await expect(security.twoFactor).toContainText('On');

    await signOut(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    await expect(login.code).toBeVisible();

    // A wrong code is refused and the step stays.
    await login.enterCode(wrongCode(totp));
    await expect(login.codeError).toBeVisible();
    expect(login.shell.pathname()).toBe('/login');

    // The right one (the next 30 s step's: the enabling code was this step's) signs in.
    await login.enterCode(totp.generate({ timestamp: Date.now() + 30_000 }));
    await expectDashboard(page);

    // A backup code signs in once.
    await signOut(page);
    await login.goto();
    await login.login(account.email, account.password);
    await login.enterCode(codes[0]!);
    await expectDashboard(page);
    await security.open();
    await expect(security.backupCodesLeft).toHaveText('9');
    await expect(security.historyRows.first()).toContainText('Signed in');

    // New backup codes ask for the second factor again (the app's prompt). Cancelled: nothing
    // happens and nothing is said; given (a backup code counts): the new set shows once.
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    await security.newBackupCodes.click();
    await security.confirm('Make new codes');
    await expect(stepUp).toBeVisible();
    await stepUp.getByRole('button', { name: 'Cancel' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(security.shell.toast('', 'error')).toHaveCount(0);
    await expect(security.backupCodesLeft).toHaveText('9');
    await security.newBackupCodes.click();
    await security.confirm('Make new codes');
    await stepUp.getByLabel('Authentication code').fill(codes[1]!);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(security.backupCodes).toHaveCount(10);
    const newCodes = await security.backupCodes.allInnerTexts();
    expect(newCodes).not.toContain(codes[2]);
    await security.savedThem.click();
    await expect(security.backupCodesLeft).toHaveText('10');

    await signOut(page);
    await login.goto();
    await login.login(account.email, account.password);
    await login.enterCode(codes[0]!);
    await expect(login.codeError).toBeVisible();
    expect(login.shell.pathname()).toBe('/login');
    // A code of the replaced set no longer works either; one of the new set does.
    await login.enterCode(codes[2]!);
    await expect(login.codeError).toBeVisible();
    await login.enterCode(newCodes[0]!);
    await expectDashboard(page);
  });

  it('passkeys: added with a virtual authenticator on localhost, then signs in without a password', async () => {
    const account = await verifiedAccount();
    const page = await localPage(account);
    await addVirtualAuthenticator(page);
    const security = new SecurityPage(page);
    await security.open();

    await security.addPasskey.click();
    await security.passkeyName.fill('Work laptop');
    // A passkey signs in on its own: the password is asked first, and a wrong one adds nothing.
    await security.passkeyPassword.fill('not my password 123');
    await security.passkeyContinue.click();
    await expect(security.passkeyDialog).toContainText(messages.security.currentPasswordWrong);
    await expect(security.passkeyItems).toHaveCount(0);
    await screenshotBothSizes(
      page,
      'passkey-add-dialog',
      looksRight(security.passkeyName, security.passkeyPassword, security.passkeyContinue),
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await security.passkeyPassword.fill(account.password);
    await security.passkeyContinue.click();
    await expect(security.passkeyDialog).toHaveCount(0);
    await expect(security.passkeyItems).toHaveCount(1);
    await expect(security.passkeyItems.first()).toContainText('Work laptop');
    await expect(security.passkeyItems.first()).toContainText('Last used never');

    await signOut(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.passkeyButton.click();
    await expectDashboard(page);
    await security.open();
    await expect(security.passkeyItems.first()).not.toContainText('Last used never');

    // The full picture for the screenshots: TOTP on, the passkey, two sessions.
    // A second session first: with TOTP on, a password alone no longer signs in.
    const other = await pageFor(account, VIEWPORTS.mobile);
    await new SecurityPage(other).open();
    await turnOnTotp(security);
    await security.savedThem.click();
    await page.reload();
    await security.shell.ready();
    // The sign-up's own session, the other browser and this one.
    await expect(security.sessionRows).toHaveCount(3);
    await expect(security.currentSession).toHaveCount(1);
    await screenshotBothSizes(
      page,
      'security-page',
      looksRight(security.twoFactor, security.passkeys),
    );
    // The lower cards, for a person to look at (not a kept artifact size).
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport);
      await security.sessions.scrollIntoViewIfNeeded();
      await screenshot(page, 'security-page-sessions');
    }
  });

  it('step-up with a passkey: "Use a passkey" confirms in place of a code; a failed one keeps the dialog', async () => {
    const account = await verifiedAccount();
    const page = await localPage(account);
    const authenticator = await addVirtualAuthenticator(page);
    const security = new SecurityPage(page);
    await security.open();
    await security.addPasskey.click();
    await security.passkeyName.fill('Phone');
    await security.passkeyPassword.fill(account.password);
    await security.passkeyContinue.click();
    await expect(security.passkeyItems).toHaveCount(1);
    await turnOnTotp(security);
    await security.savedThem.click();
    await expect(security.backupCodesLeft).toHaveText('10');
    // The sign-up's session had no passkey yet; the page shows when it was last used.
    await expect(security.passkeyItems.first()).toContainText('Last used never');

    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    const usePasskey = stepUp.getByRole('button', { name: 'Use a passkey' });
    await security.newBackupCodes.click();
    await security.confirm('Make new codes');
    await expect(usePasskey).toBeVisible(LIVE);
    await screenshotBothSizes(
      page,
      'step-up-dialog-passkey',
      looksRight(stepUp.getByLabel('Authentication code'), usePasskey),
    );

    // The person fails the fingerprint: said in the dialog, which stays, and nothing is sent.
    await authenticator.setUserVerified(false);
    await usePasskey.click();
    await expect(stepUp.getByRole('alert')).toHaveText(messages.security.passkeyNotUsed, LIVE);
    await expect(stepUp).toBeVisible();
    await expect(security.backupCodes).toHaveCount(0);

    // Then passes it: the passkey's answer confirms, no code typed; the new set shows once.
    await authenticator.setUserVerified(true);
    await usePasskey.click();
    await expect(stepUp).toHaveCount(0, LIVE);
    await expect(security.backupCodes).toHaveCount(10);
    await security.savedThem.click();
    await expect(security.passkeyItems.first()).not.toContainText('Last used never');
  });

  it('?setup=admin (where the admin tools send an admin without it) says why and opens the set-up', async () => {
    const account = await verifiedAccount();
    const page = await pageFor(account, VIEWPORTS.mobile);
    const security = new SecurityPage(page);
    await security.open('?setup=admin');
    await expect(security.adminNotice).toBeVisible();
    await expect(security.qr).toBeVisible();
    await expect(security.code).toBeVisible();
    await expect.poll(() => security.shell.horizontalOverflow(), LIVE).toBe(0);
  });

  it('sessions: two browsers, "This device" on one; signing out the others ends the second', async () => {
    const account = await verifiedAccount();
    const first = await pageFor(account);
    const second = await pageFor(account);
    const security = new SecurityPage(first);
    await security.open();
    // The sign-up's own session (API) and the two browsers.
    await expect(security.sessionRows).toHaveCount(3);
    await expect(security.currentSession).toHaveCount(1);
    await expect(security.currentSession).toContainText('This device');

    await security.signOutOthers.click();
    await expect(security.sessionRows).toHaveCount(1);
    await expect(security.currentSession).toHaveCount(1);
    await expect(security.signOutOthers).toHaveCount(0);

    const me = await second.request.get('/api/me');
    expect(me.status()).toBe(401);
    await second.goto('/dashboard/account/security');
    await expect.poll(() => new URL(second.url()).pathname, LIVE).toBe('/login');
    // The first is still signed in.
    expect((await first.request.get('/api/me')).status()).toBe(200);
  });

  it('profile: the full name and phone number are changed on the page and kept', async () => {
    const account = await verifiedAccount();
    const page = await pageFor(account);
    const security = new SecurityPage(page);
    await security.open();
    const name = security.profile.getByLabel('Full name');
    const phone = security.profile.getByLabel('Phone number');
    const save = security.profile.getByRole('button', { name: 'Save profile' });
    await expect.poll(() => name.inputValue()).toBe(account.fullName);
    await expect.poll(() => phone.inputValue()).toBe(account.phone);
    // A bad phone number is said at its field; nothing is sent.
    await phone.fill('12');
    await save.click();
    await expect(security.fieldError(phone)).toHaveText(messages.signup.phoneMin);
    await name.fill('Asha Verma');
    await phone.fill('9876501234');
    await save.click();
    await expect(security.shell.toast('Your profile is saved.', 'success')).toBeVisible();
    await screenshotBothSizes(page, 'security-profile');
    // Kept by the server: a fresh load shows the new values.
    await security.open();
    await expect.poll(() => name.inputValue()).toBe('Asha Verma');
    await expect.poll(() => phone.inputValue()).toBe('9876501234');
  });

  /** The first line of the newest mail to `email` whose subject has `subject`. */
  async function firstLineOfMail(email: string, subject: string): Promise<string> {
    const mail = await e2e.mail!.waitForTo(email, subject, 20_000);
    return mail.text.split('\n')[0] ?? '';
  }

  /** The account's code as the server keeps it (what the page shows is checked apart). */
  async function storedCode(page: Page): Promise<string | null> {
    const res = await page.request.get('/api/auth/security');
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { antiPhishingCode: string | null }).antiPhishingCode;
  }

  /**
   * The card in the middle of the viewport, clear of the sticky header and a phone's tab bar,
   * and the pointer off it (no hover look left from the last click).
   */
  async function centre(card: Locator): Promise<void> {
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await card.page().mouse.move(1, 1);
  }

  it('anti-phishing code: a bad one is stopped at the field; one set shows on the card and tops the notice mail; removed after asking', async () => {
    const account = await verifiedAccount();
    const page = await pageFor(account);
    const security = new SecurityPage(page);
    await security.open();
    const card = security.antiPhishing;
    await expect(card).toContainText('Not set');
    await expect(security.antiPhishingCode).toHaveCount(0);
    await screenshotBothSizes(page, 'security-anti-phishing-not-set', async (p) => {
      await looksRight(security.antiPhishingInput, security.setAntiPhishingCode)(p);
      await centre(card);
    });

    // Too short: said at the field, in the contracts' words; nothing is sent.
    await security.antiPhishingInput.fill('ab');
    await security.setAntiPhishingCode.click();
    await expect(security.fieldError(security.antiPhishingInput)).toHaveText(
      messages.security.antiPhishingCodeFormat,
    );
    expect(await storedCode(page)).toBeNull();

    // The longest code there can be (20), so the screenshots show it fits on a phone.
    const code = 'Tiger42Mango7Lotus19';
    await security.antiPhishingInput.fill(code);
    await expect(security.fieldError(security.antiPhishingInput)).toHaveCount(0);
    await security.setAntiPhishingCode.click();
    await expect(
      security.shell.toast(messages.security.antiPhishingCodeSet(code), 'success'),
    ).toBeVisible(LIVE);
    await expect(security.antiPhishingCode).toHaveText(code);
    await expect(card).toContainText('On');
    expect(await storedCode(page)).toBe(code);
    expect(await firstLineOfMail(account.email, 'anti-phishing code was set')).toBe(
      `Your anti-phishing code: ${code}`,
    );

    // Screenshots show the card, not the toast over it.
    await page.mouse.move(1, 1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, LIVE);

    // The same code again is refused at the field, in the server's words.
    await security.changeAntiPhishingCode.click();
    await expect(security.antiPhishingInput).toHaveValue('');
    await security.antiPhishingInput.fill(code);
    await security.setAntiPhishingCode.click();
    await expect(security.fieldError(security.antiPhishingInput)).toHaveText(
      messages.security.antiPhishingCodeSame,
      LIVE,
    );
    const cancel = card.getByRole('button', { name: 'Cancel', exact: true });
    await screenshotBothSizes(page, 'security-anti-phishing-change', async (p) => {
      await looksRight(security.antiPhishingInput, cancel)(p);
      await centre(card);
    });
    await cancel.click();
    await expect(security.antiPhishingCode).toHaveText(code);
    await screenshotBothSizes(page, 'security-anti-phishing-set', async (p) => {
      await looksRight(security.antiPhishingCode, security.removeAntiPhishingCode)(p);
      await centre(card);
    });

    // Removal asks first; cancelled, the code stays.
    await security.removeAntiPhishingCode.click();
    const confirm = page.getByRole('dialog', { name: 'Remove your anti-phishing code?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(security.antiPhishingCode).toHaveText(code);
    await security.removeAntiPhishingCode.click();
    await security.confirm('Remove');
    await expect(
      security.shell.toast(messages.security.antiPhishingCodeRemoved, 'success'),
    ).toBeVisible(LIVE);
    await expect(card).toContainText('Not set');
    await expect(security.antiPhishingCode).toHaveCount(0);
    await expect(security.antiPhishingInput).toBeVisible();
    expect(await storedCode(page)).toBeNull();
    // The notice of the removal shows no code: there is none now.
    const removed = await e2e.mail!.waitForTo(account.email, 'anti-phishing code was removed');
    expect(removed.text).not.toContain(code);
  });

  it('anti-phishing code with two-factor on: saving asks "Confirm it\'s you"; declined, nothing is saved; a code saves it', async () => {
    const account = await verifiedAccount();
    const page = await pageFor(account, VIEWPORTS.mobile);
    const security = new SecurityPage(page);
    await security.open();
    const { codes } = await turnOnTotp(security);
    await security.savedThem.click();

    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    const code = 'Sikka2026';
    await security.antiPhishingInput.fill(code);
    await security.setAntiPhishingCode.click();
    await expect(stepUp).toBeVisible(LIVE);
    await stepUp.getByRole('button', { name: 'Cancel' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(security.shell.toast('', 'error')).toHaveCount(0);
    await expect(security.antiPhishingCode).toHaveCount(0);
    expect(await storedCode(page)).toBeNull();

    await security.setAntiPhishingCode.click();
    await stepUp.getByLabel('Authentication code').fill(codes[0]!);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0, LIVE);
    await expect(security.antiPhishingCode).toHaveText(code, LIVE);
    expect(await storedCode(page)).toBe(code);
  });

  it('password change: a wrong current password is said at its field; the other session ends; the new one signs in', async () => {
    const account = await verifiedAccount();
    const first = await pageFor(account);
    const second = await pageFor(account);
    const security = new SecurityPage(first);
    await security.open();

    // The form's own checks, then the server's answer at the field.
    await security.changePassword.click();
    await expect(security.fieldError(security.currentPassword)).toHaveText(
      messages.security.currentPasswordRequired,
    );
    await security.currentPassword.fill('not my password');
    await security.newPassword.fill('short');
    await security.confirmPassword.fill('shorter');
    await security.changePassword.click();
    await expect(security.fieldError(security.newPassword)).toHaveText(messages.signup.passwordMin);
    await expect(security.fieldError(security.confirmPassword)).toHaveText(
      'The passwords do not match',
    );
    const newPassword = 'a brand new passphrase';
    await security.newPassword.fill(newPassword);
    await security.confirmPassword.fill(newPassword);
    await security.changePassword.click();
    await expect(security.fieldError(security.currentPassword)).toHaveText(
      messages.security.currentPasswordWrong,
    );

    await security.currentPassword.fill(account.password);
    await security.changePassword.click();
    await expect(security.shell.toast(messages.security.passwordChanged, 'success')).toBeVisible();
    await expect(security.currentPassword).toHaveValue('');

    expect((await second.request.get('/api/me')).status()).toBe(401);
    expect((await first.request.get('/api/me')).status()).toBe(200);

    const fresh = await e2e.newPage();
    const login = new LoginPage(fresh);
    await login.goto();
    await login.login(account.email, account.password);
    await expect(login.shell.toast('', 'error').first()).toBeVisible();
    await login.password.fill(newPassword);
    await login.submit.click();
    await expectDashboard(fresh);
  });

  it('a sign-in from a new browser sends a "New sign-in" mail and puts a notice in the bell', async () => {
    const account = await verifiedAccount();
    const known = await pageFor(account);
    await new SecurityPage(known).open();

    const fresh = await e2e.newPage();
    const login = new LoginPage(fresh);
    await login.goto();
    await login.login(account.email, account.password);
    await expectDashboard(fresh);

    const mail = await e2e.mail!.waitForTo(account.email, 'New sign-in', 20_000);
    expect(mail.subject).toContain('New sign-in');

    await known.reload();
    const bell = new NotificationsBell(known);
    await expect
      .poll(() => bell.button.getAttribute('aria-label'), LIVE)
      .toMatch(/^Notifications, \d+ unread$/);
    await bell.button.click();
    await expect(bell.panel).toBeVisible();
    await expect(bell.items.filter({ hasText: 'New sign-in' }).first()).toBeVisible();
    // Phones have their own bell (beside the menu button): closed and opened again per size.
    await screenshotBothSizes(known, 'notifications-bell', async (page) => {
      await page.keyboard.press('Escape');
      await expect(bell.panel).toHaveCount(0);
      await bell.button.click();
      await expect(bell.items.first()).toBeVisible();
    });
    await known.setViewportSize(VIEWPORTS.desktop);
    await known.keyboard.press('Escape');
    await expect(bell.panel).toHaveCount(0);
    await bell.button.click();
    await known.keyboard.press('Escape');
    await expect(bell.panel).toHaveCount(0);
    // Focus went back to the bell, and opening marked every notice read.
    await expect
      .poll(() => bell.button.evaluate((el) => el === document.activeElement), LIVE)
      .toBe(true);
    await expect.poll(() => bell.button.getAttribute('aria-label'), LIVE).toBe('Notifications');
  });
});
