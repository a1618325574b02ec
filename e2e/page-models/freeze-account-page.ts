import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * /freeze-account: with a mailed link's ?token=… it asks first and freezes on the click; a
 * freeze from the Security page ends here too, with what it did.
 */
export class FreezeAccountPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }
  /** Opens a mailed link on this server (the mail's host may name the server differently). */
  async open(link: URL | string): Promise<void> {
    await this.shell.open(typeof link === 'string' ? link : `${link.pathname}${link.search}`);
  }
  /** Before the click: the question. */
  get asking(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Freeze your Sikka account?' });
  }
  /** After a freeze: the answer. */
  get frozenHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Your account is frozen' });
  }
  get freeze(): Locator {
    return this.page.getByRole('button', { name: /^(Freeze my account|Freezing…)$/ });
  }
  /** The outcome: frozen (status) … */
  get result(): Locator {
    return this.page.getByRole('main').getByRole('status');
  }
  /** … or refused (alert): a link unknown, used or expired. */
  get failure(): Locator {
    return this.page.getByRole('main').getByRole('alert');
  }
  get supportLink(): Locator {
    return this.page.getByRole('link', { name: 'Contact support' });
  }
  get loginLink(): Locator {
    return this.page.getByRole('link', { name: 'Log in', exact: true });
  }
}
