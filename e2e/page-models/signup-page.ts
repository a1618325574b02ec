import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

export interface SignupInput {
  fullName: string;
  email: string;
  phone: string;
  password: string;
}

export class SignupPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get fullName(): Locator {
    return this.page.getByLabel('Full Name', { exact: true });
  }
  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true });
  }
  get phone(): Locator {
    return this.page.getByLabel('Phone Number', { exact: true });
  }
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }
  get terms(): Locator {
    return this.page.getByRole('checkbox');
  }
  get submit(): Locator {
    return this.page.locator('form button[type="submit"]');
  }
  get loginLink(): Locator {
    return this.page.getByRole('link', { name: 'Log in', exact: true });
  }
  /** The field messages shown under the fields. */
  get errors(): Locator {
    return this.page.locator('[data-field-error]');
  }
  /** Every field message currently shown, in form order. */
  fieldErrors(): Promise<string[]> {
    return this.errors.allInnerTexts();
  }

  async goto(): Promise<void> {
    await this.shell.open('/signup');
    await this.fullName.waitFor();
  }

  async fill(input: SignupInput, acceptTerms = true): Promise<void> {
    await this.fullName.fill(input.fullName);
    await this.email.fill(input.email);
    await this.phone.fill(input.phone);
    await this.password.fill(input.password);
    if (acceptTerms) await this.terms.check();
  }

  async signUp(input: SignupInput): Promise<void> {
    await this.fill(input);
    await this.submit.click();
  }
}
