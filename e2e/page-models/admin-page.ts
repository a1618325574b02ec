import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import { KycReviewDialog } from './kyc-review-dialog.ts';
import { RejectDepositDialog } from './reject-deposit-dialog.ts';

export type AdminTab = 'Users' | 'Deposits' | 'Trades' | 'Audit log';

/** /admin: tabs Users, Deposits, Trades and the audit log, each a searchable, paged list. */
export class AdminPage {
  readonly shell: AppShell;
  readonly reviewDialog: KycReviewDialog;
  readonly rejectDepositDialog: RejectDepositDialog;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.reviewDialog = new KycReviewDialog(page);
    this.rejectDepositDialog = new RejectDepositDialog(page);
  }

  async goto(): Promise<void> {
    await this.shell.open('/admin');
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 });
  }
  tab(name: AdminTab): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }
  get tabList(): Locator {
    return this.page.getByRole('tablist', { name: 'Admin sections' });
  }
  /** The fade over an edge of the tab row that has more tabs behind it (phones). */
  tabsMore(edge: 'start' | 'end'): Locator {
    return this.page.getByTestId(`scroll-more-${edge}`);
  }
  async openTab(name: AdminTab): Promise<void> {
    await this.tab(name).click();
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
  /** Rows (table rows on desktop, cards on phones) whose text contains `text`. */
  rows(text?: string): Locator {
    const rows = this.panel.locator('[data-row]');
    return text ? rows.filter({ hasText: text }) : rows;
  }
  /**
   * Waits until the list shows exactly `count` rows, all containing `text` when given. Exact
   * totals, because the search is debounced and the previous list stays up meanwhile.
   */
  async waitForRows(count: number, text = ''): Promise<void> {
    await this.page.waitForFunction(
      ([want, needle]) => {
        const rows = [...document.querySelectorAll('[role="tabpanel"] [data-row]')];
        return rows.length === want && rows.every((el) => (el.textContent ?? '').includes(needle));
      },
      [count, text] as const,
    );
  }
  async filter(search: string, status = ''): Promise<void> {
    await this.search.fill(search);
    // The audit log has no status filter.
    if (status || (await this.statusFilter.count()) > 0)
      await this.statusFilter.selectOption(status);
  }
  /** Audit log: the kind of event, the date range and the CSV of what is listed. */
  get auditAction(): Locator {
    return this.panel.getByLabel('Action', { exact: true });
  }
  get auditFrom(): Locator {
    return this.panel.getByLabel('From', { exact: true });
  }
  get auditTo(): Locator {
    return this.panel.getByLabel('To', { exact: true });
  }
  get auditCsv(): Locator {
    return this.panel.getByRole('link', { name: 'Download CSV' });
  }
  get emptyText(): Locator {
    return this.panel.locator('p.border-dashed');
  }
  get pagerText(): Locator {
    return this.panel.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
  }
  /** Users tab: the row's 'Review …' button, there only while the user's KYC is submitted. */
  reviewButton(text?: string): Locator {
    return (text ? this.rows(text) : this.panel).getByRole('button', { name: /^Review/ });
  }
  /** Users tab: the row's 'Unfreeze …' button, there only while the account is frozen. */
  unfreezeButton(text: string): Locator {
    return this.rows(text).getByRole('button', { name: /^Unfreeze/ });
  }
  get unfreezeDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Unfreeze / });
  }
  /** Deposits tab: a row's decision buttons, there only while the deposit is pending. */
  rowButton(text: string, name?: 'Approve' | 'Reject'): Locator {
    return this.rows(text).getByRole('button', name ? { name, exact: true } : {});
  }
  get nextPage(): Locator {
    return this.panel.getByRole('button', { name: 'Next page' });
  }
  alert(text: string): Locator {
    return this.panel.getByRole('alert').filter({ hasText: text });
  }
  empty(text: string): Locator {
    return this.emptyText.filter({ hasText: text });
  }
  statusOptions(): Promise<string[]> {
    return this.statusFilter.locator('option').allInnerTexts();
  }
}
