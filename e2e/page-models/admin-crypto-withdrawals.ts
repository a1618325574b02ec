import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * /admin's Crypto withdrawals tab (issue 15), with its dialogs: Approve asks for a
 * confirmation (the coins leave on chain at once), Reject for a reason.
 */
export class AdminCryptoWithdrawals {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(): Promise<void> {
    await this.shell.open('/admin?tab=crypto-withdrawals');
    await this.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await this.tab.waitFor();
    await this.panel.waitFor();
  }
  get tab(): Locator {
    return this.page.getByRole('tab', { name: 'Crypto withdrawals', exact: true });
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
  rowButton(text: string, name: 'Approve' | 'Reject'): Locator {
    return this.rows(text).getByRole('button', { name, exact: true });
  }

  get approveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approve crypto withdrawal' });
  }
  /** The full target address in the approve dialog. */
  get approveAddress(): Locator {
    return this.approveDialog.getByTestId('approve-address');
  }
  get confirmApprove(): Locator {
    return this.approveDialog.getByRole('button', { name: 'Approve and Send' });
  }
  get rejectDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Reject crypto withdrawal' });
  }
  get reason(): Locator {
    return this.rejectDialog.getByLabel('Reason for rejection');
  }
  get confirmReject(): Locator {
    return this.rejectDialog.getByRole('button', { name: 'Reject Withdrawal' });
  }

  async approve(rowText: string): Promise<void> {
    await this.rowButton(rowText, 'Approve').click();
    await this.confirmApprove.click();
    await this.approveDialog.waitFor({ state: 'hidden' });
  }
  async reject(rowText: string, reason: string): Promise<void> {
    await this.rowButton(rowText, 'Reject').click();
    await this.reason.fill(reason);
    await this.confirmReject.click();
    await this.rejectDialog.waitFor({ state: 'hidden' });
  }
}
