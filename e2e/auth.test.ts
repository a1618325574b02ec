import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { newUser } from '../test/support/app.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { LoginPage } from './page-models/login-page.ts';
import { SignupPage } from './page-models/signup-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('login and sign-up in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('signs up through the form, opens the dashboard, logs out to / and logs back in', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    const shell = signup.shell;
    const account = newUser({ fullName: 'Meera Iyer' });

    await signup.goto();
    await signup.signUp(account);
    await shell.toast(messages.signup.success, 'success').waitFor();
    // The success toast gets SIGNUP_REDIRECT_MS (2 s) before the dashboard opens.
    expect(shell.pathname()).toBe('/signup');
    await page.waitForURL('**/dashboard', { timeout: 5000 });
    // A new account has KYC pending, so the dashboard offers the KYC choice first.
    await shell.dismissDialog();
    await shell.logoutButton.waitFor();
    await expect(shell.headerBalance).toHaveText('₹0.00');

    await shell.logoutButton.click();
    await shell.headerLink('Login').waitFor();
    expect(shell.pathname()).toBe('/');
    await expect(shell.logoutButton).toHaveCount(0);

    const login = new LoginPage(page);
    await shell.headerLink('Login').click();
    await login.email.waitFor();
    await login.login(account.email, account.password);
    await shell.toast(messages.login.success, 'success').waitFor();
    await page.waitForURL('**/dashboard');
    await shell.dismissDialog();
    await shell.logoutButton.waitFor();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  });

  it('shows every sign-up message word for word: on each change, and all at once on submit', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    await signup.goto();

    await signup.submit.click();
    expect(await signup.fieldErrors()).toEqual([
      'Full name must be at least 2 characters',
      'Please enter a valid email address',
      'Phone number must be at least 10 digits',
      'Password must be at least 8 characters',
      'You must accept the terms and conditions',
    ]);

    // Fixing a field clears its message at once; breaking it again brings the message back.
    const cases = [
      [signup.fullName, 'A', 'Asha Rao', messages.signup.fullNameMin],
      [signup.email, 'asha@', 'asha@example.com', messages.signup.emailInvalid],
      [signup.phone, '98765', '9876543210', messages.signup.phoneMin],
      [signup.password, 'short', 'long enough pass', messages.signup.passwordMin],
    ] as const;
    for (const [field, bad, good, message] of cases) {
      await field.fill(good);
      expect(await signup.fieldErrors()).not.toContain(message);
      await field.fill(bad);
      expect(await signup.fieldErrors()).toContain(message);
      await field.fill(good);
      expect(await signup.fieldErrors()).not.toContain(message);
    }
    await signup.terms.check();
    expect(await signup.fieldErrors()).toEqual([]);
    await signup.terms.uncheck();
    expect(await signup.fieldErrors()).toEqual([messages.signup.termsRequired]);
  });

  it('only the changed field is checked while typing', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fullName.fill('A');
    expect(await signup.fieldErrors()).toEqual([messages.signup.fullNameMin]);
  });

  it('marks an already registered e-mail under the field and toasts', async () => {
    const existing = await e2e.signUpViaApi();
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.signUp(newUser({ email: existing.email }));
    await signup.shell.toast(messages.signup.emailTakenToast, 'error').waitFor();
    expect(await signup.fieldErrors()).toEqual([messages.signup.emailTaken]);
    expect(signup.shell.pathname()).toBe('/signup');
    await expect(signup.submit).toHaveText('Create Account');
    await expect(signup.submit).toBeEnabled();
  });

  it('puts other server field errors under their field', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    await signup.goto();
    // Long enough for the form, refused by the server's common-password check.
    await signup.signUp(newUser({ password: 'password123' }));
    await page.getByText(messages.signup.passwordCommon).waitFor();
    expect(await signup.fieldErrors()).toEqual([messages.signup.passwordCommon]);
  });

  it('toasts the generic sign-up failure when the server fails', async () => {
    const page = await e2e.newPage();
    await page.route('**/api/auth/signup', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream down' }),
    );
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.signUp(newUser());
    await signup.shell.toast(messages.signup.failed, 'error').waitFor();
  });

  it("toasts the server's message on a failed login and stays on /login", async () => {
    const account = await e2e.signUpViaApi();
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, 'not the right password');
    await login.shell.toast(messages.login.invalidCredentials, 'error').waitFor();
    expect(login.shell.pathname()).toBe('/login');
    await expect(login.submit).toHaveText('Sign In');
  });

  it("toasts 'Login failed' when the server gives no message", async () => {
    const page = await e2e.newPage();
    await page.route('**/api/auth/login', (route) => route.abort('connectionfailed'));
    const login = new LoginPage(page);
    await login.goto();
    await login.login('someone@example.com', 'whatever password');
    await login.shell.toast(messages.login.failedToast, 'error').waitFor();
  });

  it("shows 'Signing in...' and 'Creating Account...' on disabled buttons while waiting", async () => {
    const page = await e2e.newPage();
    // Hold each request until the test has looked at the button.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/*', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const account = await e2e.signUpViaApi();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    await expect(login.submit).toBeDisabled();
    release();
    await page.waitForURL('**/dashboard');

    const other = await e2e.newPage();
    let releaseSignup: () => void = () => undefined;
    const heldSignup = new Promise<void>((resolve) => (releaseSignup = resolve));
    await other.route('**/api/auth/signup', async (route) => {
      await heldSignup;
      await route.continue();
    });
    const signup = new SignupPage(other);
    await signup.goto();
    await signup.signUp(newUser());
    await other.getByRole('button', { name: 'Creating Account...' }).waitFor();
    await expect(signup.submit).toBeDisabled();
    releaseSignup();
    await signup.shell.toast(messages.signup.success).waitFor();
  });

  it('keeps the session cookie across browser restarts only with "Remember me"', async () => {
    const account = await e2e.signUpViaApi();
    const expiryAfterLogin = async (remember: boolean) => {
      const page = await e2e.newPage();
      const login = new LoginPage(page);
      await login.goto();
      await login.login(account.email, account.password, remember);
      await page.waitForURL('**/dashboard');
      const cookie = (await page.context().cookies()).find((c) => c.name === 'sikka_session');
      return cookie?.expires;
    };
    expect(await expiryAfterLogin(false)).toBe(-1);
    const persistent = await expiryAfterLogin(true);
    expect(persistent).toBeGreaterThan(Date.now() / 1000 + 2 * 24 * 3600);
  });

  it('links the login screen to forgot-password, sign-up and home', async () => {
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPassword.click();
    await page.waitForURL('**/forgot-password');
    await page.goBack();
    await login.email.waitFor();
    await login.signUpLink.click();
    await page.waitForURL('**/signup');
    await new SignupPage(page).loginLink.click();
    await page.waitForURL('**/login');
    await login.backToHome.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('login and sign-up show their title and form, fit both sizes, and are kept as screenshots', async () => {
    const page = await e2e.newPage(VIEWPORTS.desktop);
    const login = new LoginPage(page);
    await login.goto();
    await screenshotBothSizes(
      page,
      'login',
      looksRight(login.shell.pageHeading, login.email, login.password, login.submit),
    );
    const signup = new SignupPage(page);
    await signup.goto();
    await screenshotBothSizes(
      page,
      'signup',
      looksRight(signup.shell.pageHeading, signup.fullName, signup.submit),
    );
    await signup.submit.click();
    await screenshotBothSizes(
      page,
      'signup-errors',
      looksRight(signup.errors.first(), signup.submit),
    );
  });
});
