import type { Locator, Page } from 'playwright-core';

/** 'Complete Your KYC': the choice between Individual and Corporate. */
export class KycTypeDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Complete Your KYC' });
  }
  option(name: 'Individual' | 'Corporate'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
  get cancel(): Locator {
    return this.root.getByRole('button', { name: 'Cancel', exact: true });
  }
}

/** 'Corporate KYC': no form, an explanation of who handles it, and Back to the choice. */
export class CorporateKycDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Corporate KYC' });
  }
  get explanation(): Locator {
    return this.root.getByText('Corporate verification is handled by our team.');
  }
  get back(): Locator {
    return this.root.getByRole('button', { name: 'Back', exact: true });
  }
}
