import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * /admin's Withdrawals and Bank accounts tabs (issue 14), with their dialogs: Approve asks
 * for the payout UTR, Reject for a reason.
 */
export class AdminWithdrawals {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(tab: 'Withdrawals' | 'Bank accounts' = 'Withdrawals'): Promise<void> {
    await this.shell.open('/admin');
    await this.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await this.openTab(tab);
  }
  async openTab(tab: 'Withdrawals' | 'Bank accounts'): Promise<void> {
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
    await this.panel.waitFor();
  }
  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }
  get search(): Locator {
    return this.panel.getByRole('searchbox');
  }
  get statusFilter(): Locator {
    return this.panel.getByRole('combobox');
  }
  /** Rows (table rows on desktop, cards on phones) containing `text`. */
  rows(text?: string): Locator {
    const rows = this.panel.locator('[data-row]');
    return text ? rows.filter({ hasText: text }) : rows;
  }
  rowButton(text: string, name: 'Approve' | 'Reject' | 'Verify'): Locator {
    return this.rows(text).getByRole('button', { name, exact: true });
  }

  /** The payout account's number in the approve dialog (in full: ADR 014). */
  get payeeAccountNumber(): Locator {
    return this.approveDialog.getByTestId('payee-account-number');
  }
  get approveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Mark withdrawal as paid' });
  }
  get payoutUtr(): Locator {
    return this.approveDialog.getByLabel('Payout UTR Number');
  }
  get confirmPaid(): Locator {
    return this.approveDialog.getByRole('button', { name: 'Mark as Paid' });
  }
  rejectDialog(name: 'Reject withdrawal' | 'Reject bank account'): Locator {
    return this.page.getByRole('dialog', { name });
  }
  reason(name: 'Reject withdrawal' | 'Reject bank account'): Locator {
    return this.rejectDialog(name).getByLabel('Reason for rejection');
  }
  confirmReject(name: 'Reject withdrawal' | 'Reject bank account'): Locator {
    return this.rejectDialog(name).getByRole('button', {
      name: name === 'Reject withdrawal' ? 'Reject Withdrawal' : 'Reject Account',
    });
  }

  async approve(rowText: string, utr: string): Promise<void> {
    await this.rowButton(rowText, 'Approve').click();
    await this.payoutUtr.fill(utr);
    await this.confirmPaid.click();
    await this.approveDialog.waitFor({ state: 'hidden' });
  }
  async reject(rowText: string, reason: string): Promise<void> {
    await this.rowButton(rowText, 'Reject').click();
    await this.reason('Reject withdrawal').fill(reason);
    await this.confirmReject('Reject withdrawal').click();
    await this.rejectDialog('Reject withdrawal').waitFor({ state: 'hidden' });
  }
}
