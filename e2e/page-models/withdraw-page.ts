import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/** /dashboard/wallet/inr-withdraw: balances, the form, the limits and recent withdrawals. */
export class WithdrawPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(): Promise<void> {
    await this.shell.open('/dashboard/wallet/inr-withdraw');
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Withdraw INR' });
  }
  get available(): Locator {
    return this.page.getByTestId('withdraw-available');
  }
  get held(): Locator {
    return this.page.getByTestId('withdraw-held');
  }
  /** Minimum, Maximum, Daily and Left today, in that order. */
  get limits(): Locator {
    return this.page.getByLabel('Withdrawal limits', { exact: true }).getByRole('definition');
  }
  get amount(): Locator {
    return this.page.getByLabel('Amount (INR)');
  }
  get account(): Locator {
    return this.page.getByLabel('Bank Account');
  }
  /** The select's options whose label contains `text`. */
  accountOption(text: string): Locator {
    return this.account.locator('option').filter({ hasText: text });
  }
  get addAccountLink(): Locator {
    return this.page.getByRole('link', { name: 'Add a bank account' });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Withdraw Now|Submitting\.\.\.)$/ });
  }
  get kycPrompt(): Locator {
    return this.page.getByTestId('kyc-required');
  }
  /** Rows of the recent withdrawals table (desktop) containing `text`. */
  rows(text?: string): Locator {
    const rows = this.page.getByRole('table', { name: 'Recent withdrawals' }).locator('tbody tr');
    return text ? rows.filter({ hasText: text }) : rows;
  }
  cancelButton(text: string): Locator {
    return this.rows(text).getByRole('button', { name: /^Cancel withdrawal/ });
  }

  async withdraw(amount: string): Promise<void> {
    await this.amount.fill(amount);
    await this.submit.click();
  }
}
