import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/** /quick-buy: the Instant Trade card, the success dialog, How It Works and the FAQ. */
export class QuickBuyPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  get card(): Locator {
    return this.page.getByRole('region', { name: 'Instant Trade' });
  }
  tab(side: 'Buy' | 'Sell'): Locator {
    return this.card.getByRole('tab', { name: side, exact: true });
  }
  /** The box of what the user gives: INR when buying, USDT when selling. */
  get spend(): Locator {
    return this.card.getByLabel(/^You (spend|sell) \(/);
  }
  get receive(): Locator {
    return this.card.getByLabel(/^You receive \(/);
  }
  get slider(): Locator {
    return this.card.getByRole('slider');
  }
  percentStop(percent: 0 | 25 | 50 | 75 | 100): Locator {
    return this.card.getByRole('button', { name: `${percent}%`, exact: true });
  }
  get submit(): Locator {
    return this.card.locator('button[type="submit"]');
  }
  get message(): Locator {
    return this.card.getByRole('alert');
  }
  get rate(): Locator {
    return this.card.getByTestId('quick-rate');
  }
  get available(): Locator {
    return this.card.getByTestId('quick-available');
  }
  /** The one-line preview under the boxes: 'You buy … USDT for ₹…'. */
  /** A sell's gross, TDS and net before confirming. */
  get sellBreakdown(): Locator {
    return this.card.getByTestId('sell-breakdown');
  }
  get summary(): Locator {
    return this.card.getByTestId('quick-summary');
  }
  /** The KYC prompt that stands in for the form until the user's KYC is verified. */
  get kycPrompt(): Locator {
    return this.card.getByTestId('kyc-required');
  }
  /** The prompt's way into the KYC flow ('Start KYC' or 'Resubmit KYC'). */
  get startKyc(): Locator {
    return this.kycPrompt.getByRole('link', { name: /^(Start|Resubmit) KYC$/ });
  }
  get successDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Trade Successful' });
  }

  async goto(): Promise<void> {
    await this.shell.open('/quick-buy');
    await this.card.waitFor();
  }

  /** The success dialog's value for a label ('INR paid' → '₹1,000.00'). */
  async successValue(label: string): Promise<string> {
    const row = this.successDialog.locator('div').filter({
      has: this.page.getByRole('term').getByText(label, { exact: true }),
    });
    return (await row.getByRole('definition').innerText()).trim();
  }

  /** The displayed rate as a plain decimal string ('1 USDT = ₹89.70' → '89.70'). */
  async rateValue(): Promise<string> {
    const text = await this.rate.innerText();
    return text.replace(/^.*₹/, '').replace(/,/g, '').trim();
  }
}
