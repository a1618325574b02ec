import type { Locator, Page } from 'playwright-core';
import { recordMessages, type RecordKind } from '@sikka/contracts';
import { AppShell } from './app-shell.ts';
import type { StatementPage } from './statement-page.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page of one trade (/dashboard/orders/trades/:id), deposit (/dashboard/wallet/deposits/:id)
 * or withdrawal (/dashboard/wallet/withdrawals/:id), as the account statement links to it.
 */
export class RecordDetailPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** The record's card: what it is, its headline figure, status, details and actions. */
  get card(): Locator {
    return this.page.getByRole('article');
  }
  /** 'Sell 5.00 USDT', '₹10,000.00'… */
  get heading(): Locator {
    return this.card.getByRole('heading', { level: 1 });
  }
  /** The status word of the card's header ('completed', 'pending'…), if it is `status`. */
  status(status: string): Locator {
    return this.card.locator('header').getByText(status, { exact: true });
  }
  /** The value next to the detail labelled exactly `label` ('Price', 'UTR number'…). */
  value(label: string): Locator {
    return this.card
      .locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
  /** Every detail's label, in order. */
  labels(): Promise<string[]> {
    return this.card.locator('dt').allInnerTexts();
  }
  /** A notice in the card (a rejection's reason, 'Being processed'), by its title. */
  notice(title: string): Locator {
    return this.card.getByRole('note').filter({ hasText: title });
  }
  get backLink(): Locator {
    return this.page.getByRole('link', { name: 'Back to Transaction History' });
  }
  get cancel(): Locator {
    return this.card.getByRole('button', { name: /^(Cancel withdrawal|Cancelling\.\.\.)$/ });
  }
  notFound(kind: RecordKind): Locator {
    return this.page.getByRole('heading', { level: 1, name: recordMessages.notFound(kind) });
  }
  notFoundHint(kind: RecordKind): Locator {
    return this.page.getByText(recordMessages.notFoundHint(kind), { exact: true });
  }
  get openStatement(): Locator {
    return this.page.getByRole('link', { name: 'Open Transaction History' });
  }
  pathname(): string {
    return this.shell.pathname();
  }

  /** A fresh page load of `path`, as a pasted or bookmarked link would open it. */
  async open(path: string): Promise<void> {
    await this.shell.open(path);
  }
}

/**
 * The detail link of the statement's row (desktop table) of an entry type ('Sell', 'Deposit',
 * 'Withdrawal held'…) whose amount reads `amount` ('−₹1,200.50', '+5.00 USDT').
 */
export function statementEntryLink(
  statement: StatementPage,
  type: string,
  amount: string,
): Locator {
  const page = statement.page;
  return statement.rows
    .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${type}`) }) })
    .filter({ has: page.locator('td:nth-child(4)', { hasText: amount }) })
    .getByRole('link');
}

/** The detail link of the statement's phone card at `index` (newest first). */
export function statementCardLink(statement: StatementPage, index: number): Locator {
  return statement.cards.nth(index).getByRole('link');
}
