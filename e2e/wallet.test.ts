import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
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
    await wallet.open('/dashboard/wallet/inr-deposit', { kycPending: false });
    expect(wallet.shell.pathname()).toBe('/dashboard/wallet/inr-deposit');
    const tabs = await wallet.tabs
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(tabs).toEqual([
      ['Balances', '/dashboard/wallet'],
      ['Deposit INR', '/dashboard/wallet/inr-deposit'],
      ['Withdraw INR', '/dashboard/wallet/inr-withdraw'],
      ['Deposit Crypto', '/dashboard/wallet/crypto-deposit'],
      ['Withdraw Crypto', '/dashboard/wallet/crypto-withdraw'],
    ]);
    // No name means two pages: the dashboard's menu and the wallet's tabs share none.
    const menu = await page
      .getByRole('navigation', { name: 'Dashboard', exact: true })
      .getByRole('link')
      .allTextContents();
    expect(menu).toContain('Overview');
    const shared = tabs.map(([name]) => name).filter((name) => menu.includes(name!));
    expect(shared).toEqual([]);

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
    // On a phone each limit stays inside its box (₹50,00,000 spilled over its border once).
    await page.setViewportSize(VIEWPORTS.mobile);
    const spilling = await page
      .getByRole('definition')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length);
    expect(spilling).toBe(0);
    await page.setViewportSize(VIEWPORTS.desktop);
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

    // The deposit address's copy button (and its 2 s): e2e/crypto-deposit.test.ts.
  });

  // INR withdraw is real since issue 14: e2e/withdrawals.test.ts.
  // Crypto withdraw is real since issue 15: e2e/crypto-withdraw.test.ts.
});
