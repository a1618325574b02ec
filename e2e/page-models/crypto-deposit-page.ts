import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import { dismissKycPrompt } from './dashboard-page.ts';

/**
 * /dashboard/wallet/crypto-deposit (issue 15): coin and network, the user's address with its
 * QR code, the test faucet of the local chain, processing times and the recent deposits.
 */
export class CryptoDepositPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** Opens the page; `kycPending` users (every new one) first close the KYC prompt. */
  async open({ kycPending = false } = {}): Promise<void> {
    await this.shell.open('/dashboard/wallet/crypto-deposit');
    if (kycPending) await dismissKycPrompt(this.page);
    await this.heading.waitFor();
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Deposit Crypto' });
  }
  get coin(): Locator {
    return this.page.getByLabel('Coin', { exact: true });
  }
  get network(): Locator {
    return this.page.getByLabel('Network', { exact: true });
  }
  get address(): Locator {
    return this.page.getByTestId('deposit-address');
  }
  get qr(): Locator {
    return this.page.getByRole('img', { name: /^QR code of your deposit address/ });
  }
  get copyAddress(): Locator {
    return this.page.getByRole('button', { name: 'Copy Deposit address' });
  }
  get addressCopied(): Locator {
    return this.page.getByRole('button', { name: 'Deposit address copied' });
  }
  /** What the wallet holds of the chosen coin, e.g. '100.00 USDT'. */
  get balance(): Locator {
    return this.page.getByTestId('deposit-balance');
  }
  /** The "send only … on <network>" warning under the address. */
  get networkWarning(): Locator {
    return this.page.getByRole('note');
  }
  /** What stands in for the address (BTC, a coin the chain does not take, no chain). */
  get unavailable(): Locator {
    return this.page.getByTestId('crypto-unavailable');
  }
  get kycPrompt(): Locator {
    return this.page.getByTestId('kyc-required');
  }
  /** A wallet panel by its heading. */
  panel(title: string): Locator {
    return this.page
      .locator('section')
      .filter({ has: this.page.getByRole('heading', { level: 2, name: title, exact: true }) });
  }
  get faucetPanel(): Locator {
    return this.panel('Test faucet');
  }
  faucetButton(asset: 'USDT' | 'ETH'): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Get [\\d.]+ test ${asset}$`) });
  }
  /** Lines of the Processing Times panel, as 'network: time'. */
  async processingTimes(): Promise<string[]> {
    return this.panel('Processing Times')
      .locator('dl > div')
      .evaluateAll((divs) =>
        divs.map(
          (d) =>
            `${d.querySelector('dt')?.textContent ?? ''}: ${d.querySelector('dd')?.textContent ?? ''}`,
        ),
      );
  }
  /** The recent deposits: a table on wide screens, a list of cards on phones (whichever shows). */
  get depositTable(): Locator {
    return this.page.getByRole('table', { name: 'Recent crypto deposits' });
  }
  get depositList(): Locator {
    return this.page.getByRole('list', { name: 'Recent crypto deposits' });
  }
  get depositRows(): Locator {
    return this.depositTable.locator('tbody tr');
  }
  get depositCards(): Locator {
    return this.depositList.getByRole('listitem');
  }
  /** The row of one transaction (its hash is shown shortened, in full on hover). */
  depositRow(txHash: string): Locator {
    return this.depositRows.filter({ has: this.page.locator(`[title="${txHash}"]`) });
  }
  /** The status pill of a row: data-status is the server's status word. */
  statusOf(row: Locator): Locator {
    return row.locator('[data-status]');
  }
  get emptyDeposits(): Locator {
    return this.page.getByText('No crypto deposits yet', { exact: true });
  }
}
