import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/** /forgot-password: an e-mail, then the server's one answer for every address. */
export class ForgotPasswordPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }
  async goto(): Promise<void> {
    await this.shell.open('/forgot-password');
    await this.email.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Forgot your password?' });
  }
  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Send reset link|Sending\.\.\.)$/ });
  }
  /** The answer that replaces the form. */
  get result(): Locator {
    return this.page.getByRole('status');
  }
  get backToLogin(): Locator {
    return this.page.getByRole('link', { name: 'Back to login' });
  }
  async request(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /reset-password?token=…: the new password twice, then the result and a way on. */
export class ResetPasswordPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }
  /** Opens a mailed link on this server (the mail's host may name the server differently). */
  async open(link: URL): Promise<void> {
    await this.shell.open(`${link.pathname}${link.search}`);
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Choose a new password' });
  }
  get password(): Locator {
    return this.page.getByLabel('New password', { exact: true });
  }
  get confirm(): Locator {
    return this.page.getByLabel('Confirm new password', { exact: true });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Set new password|Saving\.\.\.)$/ });
  }
  get success(): Locator {
    return this.page.getByRole('status');
  }
  get failure(): Locator {
    return this.page.getByRole('alert');
  }
  get loginLink(): Locator {
    return this.page.getByRole('link', { name: 'Log in', exact: true });
  }
  async reset(password: string): Promise<void> {
    await this.password.fill(password);
    await this.confirm.fill(password);
    await this.submit.click();
  }
}

/** /verify-email?token=…: sends the token on arrival and says how it went. */
export class VerifyEmailPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }
  async open(link: URL): Promise<void> {
    await this.shell.open(`${link.pathname}${link.search}`);
  }
  get result(): Locator {
    return this.page.getByRole('status');
  }
  get dashboardLink(): Locator {
    return this.page.getByRole('link', { name: 'Go to dashboard' });
  }
}

/** The dashboard's "please verify your email" banner. */
export class EmailBanner {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.locator('section').filter({ hasText: 'Please verify your email address.' });
  }
  get resend(): Locator {
    return this.root.getByRole('button', { name: /^(Send a new link|Sending…)$/ });
  }
}

/** "Confirm it's you": the code a sensitive action asks for when two-factor is on. */
export class SecondFactorDialog {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.getByRole('dialog', { name: "Confirm it's you" });
  }
  get code(): Locator {
    return this.root.getByLabel('Authentication code');
  }
  get confirm(): Locator {
    return this.root.getByRole('button', { name: 'Confirm', exact: true });
  }
  get cancel(): Locator {
    return this.root.getByRole('button', { name: 'Cancel', exact: true });
  }
  get error(): Locator {
    return this.root.locator('[data-field-error]');
  }
  async enter(code: string): Promise<void> {
    await this.code.fill(code);
    await this.confirm.click();
  }
}
