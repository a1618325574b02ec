import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_CONFIRM_MS, messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { submitKyc, userIdOf, verifiedUserPage } from './support/money-seed.ts';
import { KycFlow } from './page-models/kyc-flow.ts';
import { WalletPage } from './page-models/wallet-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

describe.skipIf(Boolean(skip))('the wallet pages in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('INR deposit shows the method, limits, sample bank details, notices and the empty list', async () => {
    const { page } = await verifiedUserPage(e2e);
    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet', { kycPending: false });
    expect(wallet.shell.pathname()).toBe('/dashboard/wallet/inr-deposit');
    const tabs = await wallet.tabs
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(tabs).toEqual([
      ['Deposit INR', '/dashboard/wallet/inr-deposit'],
      ['Withdraw INR', '/dashboard/wallet/inr-withdraw'],
      ['Deposit Crypto', '/dashboard/wallet/crypto-deposit'],
      ['Withdraw Crypto', '/dashboard/wallet/crypto-withdraw'],
    ]);

    const limits = await page.getByRole('definition').allInnerTexts();
    expect(limits).toEqual(expect.arrayContaining(['₹100', '₹10,00,000', '₹50,00,000']));
    for (const text of [
      'Sikka Technologies Pvt Ltd',
      'Deposits are processed within 30 minutes.',
      'Withdrawals are processed within 30 minutes during banking hours.',
      'No deposits yet',
      'Sample',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    // The form opens from the method card.
    await expect(wallet.amount).toHaveCount(0);
    expect(await wallet.methodCard.getAttribute('aria-expanded')).toBe('false');
    await wallet.methodCard.click();
    expect(await wallet.methodCard.getAttribute('aria-expanded')).toBe('true');
    await wallet.amount.waitFor();
    await wallet.utrNumber.waitFor();
    await screenshotBothSizes(page, 'wallet-inr-deposit');
  });

  it('before KYC is verified the deposit page shows a prompt, not the form; its button opens the flow there', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet/inr-deposit');
    await wallet.kycPrompt.getByRole('heading', { name: messages.kycRequired.deposit }).waitFor();
    await expect(wallet.methodCard).toHaveCount(0);
    await expect(wallet.amount).toHaveCount(0);
    // No account to pay into: a transfer the user could not report would be stuck.
    await expect(wallet.bankDetails).toHaveCount(0);
    await page.getByText('Deposits are processed within 30 minutes.').waitFor();
    await page.getByText('No deposits yet', { exact: true }).waitFor();
    await screenshotBothSizes(page, 'wallet-inr-deposit-kyc-pending');
    await page.setViewportSize(VIEWPORTS.desktop);

    await wallet.startKyc.click();
    const kyc = new KycFlow(page);
    await kyc.typeDialog.waitFor();
    expect(wallet.shell.pathname()).toBe('/dashboard/wallet/inr-deposit');
  });

  it('while KYC is under review the deposit page says so, with no button', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop);
    await submitKyc(e2e.app, await userIdOf(e2e.app, account.email));
    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet/inr-deposit', { kycPending: false });
    await wallet.kycPrompt.getByText(messages.kycRequired.submitted).waitFor();
    await expect(wallet.startKyc).toHaveCount(0);
    await expect(wallet.methodCard).toHaveCount(0);
    await screenshotBothSizes(page, 'wallet-inr-deposit-kyc-submitted');
  });

  it('copy buttons copy the value and show the copied icon for 2 seconds', async () => {
    const { page } = await verifiedUserPage(e2e);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet/inr-deposit', { kycPending: false });
    await page.getByRole('button', { name: 'Copy IFSC Code' }).click();
    const copied = page.getByRole('button', { name: 'IFSC Code copied' });
    await copied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('HDFC0001234');

    await wallet.tabs.getByRole('link', { name: 'Deposit Crypto' }).click();
    const address = page.getByTestId('deposit-address');
    const btcAddress = await address.innerText();
    expect(btcAddress).toMatch(/^bc1/);
    await page.getByRole('button', { name: 'Copy Deposit address' }).click();
    const copiedAt = Date.now();
    const done = page.getByRole('button', { name: 'Deposit address copied' });
    await done.waitFor();
    expect(await done.getAttribute('data-copied')).toBe('');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(btcAddress);
    await page.getByRole('button', { name: 'Copy Deposit address' }).waitFor({ timeout: 4000 });
    const shownFor = Date.now() - copiedAt;
    expect(shownFor).toBeGreaterThanOrEqual(COPY_CONFIRM_MS - 100);
    expect(shownFor).toBeLessThan(COPY_CONFIRM_MS + 1500);
  });

  it('crypto deposit: coins, networks, sample address per network, processing times', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    const wallet = new WalletPage(page);
    await wallet.open('/dashboard/wallet/crypto-deposit');
    const coin = page.getByLabel('Coin', { exact: true });
    const network = page.getByLabel('Network', { exact: true });
    expect(await coin.locator('option').allInnerTexts()).toEqual([
      'Bitcoin (BTC)',
      'Ethereum (ETH)',
      'Tether (USDT)',
    ]);
    expect(await network.locator('option').allInnerTexts()).toEqual([
      'Bitcoin Network',
      'Lightning Network',
    ]);
    await page.getByText('2 network confirmations', { exact: false }).waitFor();
    await page.getByText('Instant', { exact: true }).waitFor();
    await page.getByText('This is a sample address', { exact: false }).waitFor();
    await screenshotBothSizes(page, 'wallet-crypto-deposit');
    await page.setViewportSize(VIEWPORTS.desktop);
    await network.selectOption('lightning');
    expect(await page.getByTestId('deposit-address').innerText()).not.toMatch(/^bc1/);
    await coin.selectOption('USDT');
    await page.getByText('USDT deposit address (Lightning Network)').waitFor();
  });

  // INR withdraw is real since issue 14: e2e/withdrawals.test.ts.
  it('crypto withdraw is a static form that sends nothing', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    const wallet = new WalletPage(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') posts.push(r.url());
    });

    await wallet.open('/dashboard/wallet/inr-withdraw');
    await wallet.tabs.getByRole('link', { name: 'Withdraw Crypto' }).click();
    await page.getByLabel('Recipient Address').fill('bc1qexampleaddress');
    await page.getByLabel('Amount (BTC)').fill('0.01');
    await page.getByText('0.0005 BTC', { exact: true }).waitFor();
    await page.getByText('1 sat', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await wallet.shell.toast('Crypto withdrawals are coming soon', 'info').waitFor();
    await screenshotBothSizes(page, 'wallet-crypto-withdraw');
    expect(posts.filter((u) => !u.includes('/api/realtime'))).toEqual([]);
  });
});
