import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * /dashboard/wallet/crypto-withdraw (issue 15): coin and network, balances, the form with the
 * travel-rule declaration and its summary, the limits, and the recent crypto withdrawals.
 */
export class CryptoWithdrawPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  async open(): Promise<void> {
    await this.shell.open('/dashboard/wallet/crypto-withdraw');
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Withdraw Crypto' });
  }
  get coin(): Locator {
    return this.page.getByLabel('Coin', { exact: true });
  }
  get network(): Locator {
    return this.page.getByLabel('Network', { exact: true });
  }
  get available(): Locator {
    return this.page.getByTestId('crypto-available');
  }
  get held(): Locator {
    return this.page.getByTestId('crypto-held');
  }
  get fee(): Locator {
    return this.page.getByTestId('crypto-fee');
  }
  /** "You send": amount + fee. */
  get send(): Locator {
    return this.page.getByTestId('crypto-send');
  }
  /** "Recipient gets": the amount. */
  get receive(): Locator {
    return this.page.getByTestId('crypto-receive');
  }
  /** Minimum, Daily limit and Left today, in that order. */
  get limits(): Locator {
    return this.page
      .getByLabel('Crypto withdrawal limits', { exact: true })
      .getByRole('definition');
  }
  get address(): Locator {
    return this.page.getByLabel('Recipient Address');
  }
  get amount(): Locator {
    return this.page.getByLabel(/^Amount \((USDT|ETH)\)$/);
  }
  get max(): Locator {
    return this.page.getByRole('button', { name: /^Max:/ });
  }
  get ownWallet(): Locator {
    return this.page.getByRole('radio', { name: /My own wallet/ });
  }
  get thirdParty(): Locator {
    return this.page.getByRole('radio', { name: /Someone else's wallet/ });
  }
  get beneficiaryName(): Locator {
    return this.page.getByLabel('Beneficiary Name');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Withdraw (USDT|ETH)|Submitting\.\.\.)$/ });
  }
  get kycPrompt(): Locator {
    return this.page.getByTestId('kyc-required');
  }
  get notAvailable(): Locator {
    return this.page.getByRole('region', { name: 'Not available yet' });
  }

  /** The error note a control names in its aria-describedby (FieldNote's data-field-error). */
  async fieldError(control: Locator): Promise<Locator> {
    const noteId = await control.getAttribute('aria-describedby');
    if (!noteId) throw new Error('the control has no note');
    return this.page.locator(`[id="${noteId}"][data-field-error]`);
  }

  /** Rows of the recent crypto withdrawals table (desktop) containing `text`. */
  rows(text?: string): Locator {
    const rows = this.page
      .getByRole('table', { name: 'Recent Crypto Withdrawals' })
      .locator('tbody tr');
    return text ? rows.filter({ hasText: text }) : rows;
  }
  /** The status pill of the rows containing `text`. */
  status(text: string): Locator {
    return this.rows(text).locator('[data-status]');
  }
  cancelButton(text: string): Locator {
    return this.rows(text).getByRole('button', { name: /^Cancel withdrawal/ });
  }

  async fill(values: {
    address: string;
    amount: string;
    beneficiary: 'own' | { name: string };
  }): Promise<void> {
    await this.address.fill(values.address);
    await this.amount.fill(values.amount);
    if (values.beneficiary === 'own') await this.ownWallet.check();
    else {
      await this.thirdParty.check();
      await this.beneficiaryName.fill(values.beneficiary.name);
    }
  }
  async withdraw(values: Parameters<CryptoWithdrawPage['fill']>[0]): Promise<void> {
    await this.fill(values);
    await this.submit.click();
  }
}
