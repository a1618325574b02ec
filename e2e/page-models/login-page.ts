import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

export class LoginPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true });
  }
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }
  get rememberMe(): Locator {
    return this.page.getByLabel('Remember me');
  }
  get submit(): Locator {
    return this.page.locator('form button[type="submit"]');
  }
  get forgotPassword(): Locator {
    return this.page.getByRole('link', { name: 'Forgot password?' });
  }
  get backToHome(): Locator {
    return this.page.getByRole('link', { name: 'Back to home' });
  }
  get signUpLink(): Locator {
    return this.page.getByRole('link', { name: 'Sign up', exact: true });
  }
  get passkeyButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in with a passkey' });
  }
  /** The second step, with two-factor on: the code field, Verify and the way back. */
  get codePrompt(): Locator {
    return this.page.getByText(
      'Enter the 6-digit code from your authenticator app, or a backup code',
    );
  }
  get code(): Locator {
    return this.page.getByLabel('Authentication code');
  }
  get verify(): Locator {
    return this.page.getByRole('button', { name: /^(Verify|Verifying\.\.\.)$/ });
  }
  get differentAccount(): Locator {
    return this.page.getByRole('button', { name: 'Use a different account' });
  }
  /** What the page says in place of a toast (a frozen account), above the form. */
  get notice(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }
  get codeError(): Locator {
    return this.page.locator('form [data-field-error]');
  }

  async goto(): Promise<void> {
    await this.shell.open('/login');
    await this.email.waitFor();
  }

  async fill(email: string, password: string, rememberMe = false): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    if (rememberMe) await this.rememberMe.check();
  }

  async login(email: string, password: string, rememberMe = false): Promise<void> {
    await this.fill(email, password, rememberMe);
    await this.submit.click();
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.verify.click();
  }
}
