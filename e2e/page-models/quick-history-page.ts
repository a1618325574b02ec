import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import { dismissKycPrompt } from './dashboard-page.ts';

/** /dashboard/quick-history: search, filters, the trades table and paging. */
export class QuickHistoryPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get search(): Locator {
    return this.page.getByLabel('Search by trade ID');
  }
  get type(): Locator {
    return this.page.getByLabel('Type', { exact: true });
  }
  get status(): Locator {
    return this.page.getByLabel('Status', { exact: true });
  }
  get table(): Locator {
    return this.page.getByRole('table', { name: 'Quick trade history' });
  }
  get rows(): Locator {
    return this.table.locator('tbody tr');
  }
  get entries(): Locator {
    return this.page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
  }
  get pagination(): Locator {
    return this.page.getByRole('navigation', { name: 'Pagination' });
  }
  get empty(): Locator {
    return this.page.getByText('No trades found', { exact: true });
  }

  async goto({ kycPending = true } = {}): Promise<void> {
    await this.shell.open('/dashboard/quick-history');
    if (kycPending) await dismissKycPrompt(this.page);
    await this.page.getByRole('heading', { name: 'Quick History' }).waitFor();
  }

  /** The visible rows' cells as text, e.g. [['…', 'abcd1234', 'buy', …], …]. */
  rowTexts(): Promise<string[][]> {
    return this.rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );
  }
}
