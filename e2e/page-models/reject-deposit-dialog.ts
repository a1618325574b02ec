import type { Locator, Page } from 'playwright-core';

/** The admin's 'Reject deposit' dialog: a required reason, then Reject Deposit. */
export class RejectDepositDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Reject deposit' });
  }
  get reason(): Locator {
    return this.root.getByLabel('Reason for rejection');
  }
  get submit(): Locator {
    return this.root.getByRole('button', { name: 'Reject Deposit' });
  }
  get cancel(): Locator {
    return this.root.getByRole('button', { name: 'Cancel', exact: true });
  }
  message(text: string): Locator {
    return this.root.getByText(text);
  }
}
