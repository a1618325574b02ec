import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

export interface NewBankAccount {
  accountHolderName: string;
  bankName: string;
  accountNumber: string;
  ifscCode: string;
}

/** /dashboard/account/payment: the user's bank accounts and the form to add one. */
export class PaymentPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(): Promise<void> {
    await this.shell.open('/dashboard/account/payment');
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Payment Methods' });
  }
  /** Items of the account list containing `text`. */
  accounts(text?: string): Locator {
    const items = this.page.getByRole('list', { name: 'Bank accounts' }).getByRole('listitem');
    return text ? items.filter({ hasText: text }) : items;
  }
  get form(): Locator {
    return this.page.getByRole('form', { name: 'Add bank account' });
  }
  field(label: string): Locator {
    return this.form.getByLabel(label);
  }
  get submit(): Locator {
    return this.form.getByRole('button', { name: /^(Add Bank Account|Adding\.\.\.)$/ });
  }
  fieldErrors(): Promise<string[]> {
    return this.form.locator('[data-field-error]').allInnerTexts();
  }

  async add(account: NewBankAccount): Promise<void> {
    await this.field('Account Holder Name').fill(account.accountHolderName);
    await this.field('Bank Name').fill(account.bankName);
    await this.field('Account Number').fill(account.accountNumber);
    await this.field('IFSC Code').fill(account.ifscCode);
    await this.submit.click();
  }
}
