import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import { dismissKycPrompt } from './dashboard-page.ts';

/** /dashboard/orders/transactions: the account statement, its filters, CSV and TDS downloads. */
export class StatementPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Transaction History', level: 1 });
  }
  get type(): Locator {
    return this.page.getByLabel('Type', { exact: true });
  }
  get asset(): Locator {
    return this.page.getByLabel('Asset', { exact: true });
  }
  get from(): Locator {
    return this.page.getByLabel('From', { exact: true });
  }
  get to(): Locator {
    return this.page.getByLabel('To', { exact: true });
  }
  /** The desktop table. */
  get table(): Locator {
    return this.page.getByRole('table', { name: 'Account statement' });
  }
  get rows(): Locator {
    return this.table.locator('tbody tr');
  }
  /** The phone card list. */
  get cards(): Locator {
    return this.page.getByRole('list', { name: 'Account statement' }).getByRole('listitem');
  }
  get empty(): Locator {
    return this.page.getByText('No entries found', { exact: true });
  }
  get downloadCsv(): Locator {
    return this.page.getByRole('link', { name: 'Download CSV' });
  }
  get tdsQuarter(): Locator {
    return this.page.getByLabel('Quarter', { exact: true });
  }
  get downloadTds(): Locator {
    return this.page.getByRole('link', { name: 'Download TDS statement' });
  }

  /** Each table row's cells' text (Date, Type, Asset, Amount, Balance, link). */
  async rowTexts(): Promise<string[][]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())),
    );
  }

  async goto({ kycPending = true } = {}): Promise<void> {
    await this.shell.open('/dashboard/orders/transactions');
    if (kycPending) await dismissKycPrompt(this.page);
    await this.heading.waitFor();
  }
}

/** The admin's TDS (194S) download above the Trades tab. */
export class AdminTdsDownload {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'TDS (194S)' });
  }
  get quarter(): Locator {
    return this.region.getByLabel('Quarter', { exact: true });
  }
  get download(): Locator {
    return this.region.getByRole('link', { name: 'Download TDS CSV' });
  }
}
