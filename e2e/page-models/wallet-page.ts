import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import { dismissKycPrompt } from './dashboard-page.ts';

/** The wallet's four pages; the INR deposit form and its recent deposits list. */
export class WalletPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get tabs(): Locator {
    return this.page.getByRole('navigation', { name: 'Wallet' });
  }
  /** The fade over an edge of the tab row that has more tabs behind it (beside the side menu). */
  tabsMore(edge: 'start' | 'end'): Locator {
    return this.tabs.getByTestId(`scroll-more-${edge}`);
  }
  get methodCard(): Locator {
    return this.page.getByRole('button', { name: /Bank Transfer \(IMPS\/NEFT\/RTGS\)/ });
  }
  get amount(): Locator {
    return this.page.getByLabel('Amount (INR)');
  }
  get utrNumber(): Locator {
    return this.page.getByLabel('UTR Number');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: /Submit Deposit Request|Submitting\.\.\./ });
  }
  get limits(): Locator {
    return this.page.getByRole('definition').filter({ hasText: '₹' });
  }
  /** Rows of the recent deposits table (desktop) — header row excluded. */
  get depositRows(): Locator {
    return this.page.getByRole('table', { name: 'Recent deposits' }).locator('tbody tr');
  }
  /** Items of the recent deposits list (phones). */
  get depositItems(): Locator {
    return this.page.getByRole('list', { name: 'Recent deposits' }).getByRole('listitem');
  }
  /** The KYC prompt that stands in for the deposit method and form until KYC is verified. */
  get kycPrompt(): Locator {
    return this.page.getByTestId('kyc-required');
  }
  /** The prompt's way into the KYC flow ('Start KYC' or 'Resubmit KYC'). */
  get startKyc(): Locator {
    return this.kycPrompt.getByRole('link', { name: /^(Start|Resubmit) KYC$/ });
  }
  get bankDetails(): Locator {
    return this.page.getByRole('heading', { name: 'Bank Account Details' });
  }
  /** Messages under the form's fields. */
  fieldErrors(): Promise<string[]> {
    return this.page.locator('form [data-field-error]').allInnerTexts();
  }

  /** Opens a wallet page; `kycPending` users (every new one) first close the KYC prompt. */
  async open(path: string, { kycPending = true } = {}): Promise<void> {
    await this.shell.open(path);
    if (kycPending) await dismissKycPrompt(this.page);
    await this.tabs.waitFor();
  }

  /** Opens the deposit form, which only a verified user has (so no KYC prompt to close). */
  async openDepositForm(): Promise<void> {
    await this.open('/dashboard/wallet/inr-deposit', { kycPending: false });
    await this.methodCard.click();
    await this.amount.waitFor();
  }

  async requestDeposit(amount: string, utr: string): Promise<void> {
    await this.amount.fill(amount);
    await this.utrNumber.fill(utr);
    await this.submit.click();
  }
}
