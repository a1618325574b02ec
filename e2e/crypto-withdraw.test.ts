import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { verifiedUserPage } from './support/money-seed.ts';
import { overlappingTexts } from './support/geometry.ts';
import { ACCEPTS_ALL, freshAddress } from '../test/support/anvil.ts';
import { AdminCryptoWithdrawals } from './page-models/admin-crypto-withdrawals.ts';
import { CryptoWithdrawPage } from './page-models/crypto-withdraw-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/**
 * Approval → signed → broadcast → 3 confirmations at a block a second, each step pushed to
 * the page (cryptoActivity); generous for a loaded machine.
 */
const ON_CHAIN = { timeout: 60_000 };
/** A credited deposit or a decision reaching the page. */
const LIVE = { timeout: 20_000 };

/** The address with one letter's case flipped: still 0x + 40 hex, but a wrong checksum. */
function badChecksum(address: Address): string {
  const i = [...address].findIndex((c, at) => at > 1 && /[a-fA-F]/.test(c));
  const c = address[i]!;
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  return `${address.slice(0, i)}${flipped}${address.slice(i + 1)}`;
}

/** Screenshots show the screen, not the last toast over it. */
async function noToasts(page: Page): Promise<void> {
  // A hovered toast stays open (sonner pauses it): the pointer leaves it, as a person's would.
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(Boolean(skip))('crypto withdrawals in the browser on a local chain', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ chain: true });
  }, 120_000);
  afterAll(() => e2e?.close());

  /** USDT on chain from the faucet to the user's deposit address, waited for until credited. */
  async function fundUsdt(page: Page, amount: string): Promise<void> {
    const sent = await page.request.post('/api/crypto/faucet', { data: { asset: 'USDT', amount } });
    expect(sent.status(), await sent.text()).toBe(200);
    const { txHash } = (await sent.json()) as { txHash: string };
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/api/crypto/deposits');
          const { deposits } = (await res.json()) as {
            deposits: Array<{ txHash: string; status: string }>;
          };
          return deposits.find((d) => d.txHash === txHash)?.status;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe('credited');
  }

  async function usdtOnChain(address: Address): Promise<bigint> {
    const chain = e2e.chain!;
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    return client.readContract({
      address: chain.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  }

  it('a verified user withdraws 25 USDT to a third party; the admin approves; it completes live and lands on chain', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    await fundUsdt(page, '100');

    const withdraw = new CryptoWithdrawPage(page);
    await withdraw.open();
    await expect(withdraw.coin).toHaveValue('USDT');
    await expect(withdraw.available).toHaveText('100.00 USDT');
    await expect(withdraw.held).toHaveText('0.00 USDT');
    await expect(withdraw.fee).toHaveText('1.00 USDT');
    expect(await withdraw.limits.allInnerTexts()).toEqual([
      '10.00 USDT',
      '50,000.00 USDT',
      '50,000.00 USDT',
    ]);
    await page.getByText('No crypto withdrawals yet', { exact: true }).waitFor();

    // BTC is not offered as a form that pretends.
    await withdraw.coin.selectOption('BTC');
    await expect(withdraw.notAvailable).toBeVisible();
    await expect(withdraw.address).toHaveCount(0);
    await withdraw.coin.selectOption('USDT');

    // Max: everything but the fee.
    await withdraw.max.click();
    await expect(withdraw.amount).toHaveValue('99');
    await expect(withdraw.send).toHaveText('100.00 USDT');
    await expect(withdraw.receive).toHaveText('99.00 USDT');

    // A wrong checksum passes the shape check; the server's message lands at the field.
    const target = freshAddress();
    await withdraw.withdraw({ address: badChecksum(target), amount: '25', beneficiary: 'own' });
    await expect(await withdraw.fieldError(withdraw.address)).toHaveText(
      messages.cryptoWithdrawals.addressInvalid,
    );
    await expect(withdraw.available).toHaveText('100.00 USDT');

    // A contract is not a wallet: the page says so before the address is typed; the server
    // reads the address's code from the chain and refuses it, in words under the field;
    // nothing is held.
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Send only to a wallet address' }),
    ).toBeVisible();
    const contract = freshAddress();
    await e2e.chain!.testClient.setCode({ address: contract, bytecode: ACCEPTS_ALL });
    await withdraw.address.fill(contract);
    await withdraw.submit.click();
    const contractError = await withdraw.fieldError(withdraw.address);
    await expect(contractError).toHaveText(messages.cryptoWithdrawals.addressSmartContract);
    await expect(withdraw.available).toHaveText('100.00 USDT');
    await expect(withdraw.held).toHaveText('0.00 USDT');
    await noToasts(page);
    await screenshotBothSizes(page, 'crypto-withdraw-contract-address', async (p) => {
      // In the middle of the screen: at the top it would sit under the sticky header.
      await withdraw.address.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await looksRight(withdraw.address, contractError)(p);
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    // Below the minimum: said at the amount, nothing sent.
    await withdraw.address.fill(target);
    await withdraw.amount.fill('5');
    await withdraw.submit.click();
    await expect(await withdraw.fieldError(withdraw.amount)).toHaveText(
      messages.cryptoWithdrawals.amountMin('10', 'USDT'),
    );

    // Someone else's wallet needs the owner's name.
    await withdraw.amount.fill('25');
    await withdraw.thirdParty.check();
    await withdraw.submit.click();
    await expect(await withdraw.fieldError(withdraw.beneficiaryName)).toHaveText(
      messages.cryptoWithdrawals.beneficiaryNameRequired,
    );
    await withdraw.beneficiaryName.fill('Vikram Mehta');
    await expect(withdraw.send).toHaveText('26.00 USDT');
    await expect(withdraw.receive).toHaveText('25.00 USDT');
    await withdraw.submit.click();
    await withdraw.shell.toast('25.00 USDT requested', 'success').waitFor();

    // Held: amount + fee; listed pending review; the form is empty again.
    await expect(withdraw.available).toHaveText('74.00 USDT');
    await expect(withdraw.held).toHaveText('26.00 USDT');
    await expect(withdraw.address).toHaveValue('');
    await expect(withdraw.amount).toHaveValue('');
    const row = withdraw.rows('Vikram Mehta');
    await expect(withdraw.status('Vikram Mehta')).toHaveText('Pending review');
    await expect(row).toContainText('25.00 USDT');
    await expect(row).toContainText('Fee 1.00 USDT');
    await expect(row).toContainText(`${target.slice(0, 6)}…${target.slice(-4)}`);
    await expect(withdraw.limits.last()).toHaveText('49,975.00 USDT');

    // The screen as a person sees it: a filled form over the list, at both sizes.
    await withdraw.fill({ address: freshAddress(), amount: '12.5', beneficiary: 'own' });
    await noToasts(page);
    await screenshotBothSizes(
      page,
      'crypto-withdraw',
      looksRight(withdraw.heading, withdraw.send, withdraw.receive),
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await withdraw.address.fill('');
    await withdraw.amount.fill('');
    await markPage(page);

    // The admin sees who, how much, where and whose wallet, and approves.
    const admin = new AdminCryptoWithdrawals(await e2e.adminPage());
    await admin.open();
    const adminRow = admin.rows(account.email);
    await expect(adminRow).toContainText('25.00 USDT');
    await expect(adminRow).toContainText('Vikram Mehta');
    await expect(adminRow).toContainText('Pending');
    await noToasts(admin.page);
    await screenshotBothSizes(admin.page, 'admin-crypto-withdrawals', looksRight(adminRow));
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    await admin.rowButton(account.email, 'Approve').click();
    await expect(admin.approveAddress).toHaveText(target);
    await admin.confirmApprove.click();
    await admin.approveDialog.waitFor({ state: 'hidden' });

    // Signed, broadcast, confirmed: the user's page follows without a reload.
    await expect(withdraw.status('Vikram Mehta')).toHaveText('Completed', ON_CHAIN);
    expect(await stillSameDocument(page)).toBe(true);
    await expect(withdraw.held).toHaveText('0.00 USDT', LIVE);
    await expect(withdraw.available).toHaveText('74.00 USDT');
    await expect(row).toContainText('Tx 0x');
    await expect(withdraw.cancelButton('Vikram Mehta')).toHaveCount(0);
    expect(await usdtOnChain(target)).toBe(25_000_000n);
    await expect(admin.rows(account.email).first()).toContainText('Completed', LIVE);

    // The finished withdrawal with its transaction, in the list at both sizes.
    await noToasts(page);
    await screenshotBothSizes(page, 'crypto-withdraw-completed', async (p, viewport) => {
      const list = p.getByRole(viewport.width < 640 ? 'list' : 'table', {
        name: 'Recent Crypto Withdrawals',
      });
      await list.scrollIntoViewIfNeeded();
      await looksRight(list)(p);
      // The transaction's id once ran into the date beside it on a phone's card.
      expect(await overlappingTexts(list)).toEqual([]);
    });
  });

  it('a rejected withdrawal shows the reason and releases the hold; a pending one can be cancelled', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    await fundUsdt(page, '50');
    const withdraw = new CryptoWithdrawPage(page);
    await withdraw.open();
    await expect(withdraw.available).toHaveText('50.00 USDT');

    const target = freshAddress();
    await withdraw.withdraw({ address: target, amount: '10', beneficiary: 'own' });
    await withdraw.shell.toast('10.00 USDT requested', 'success').waitFor();
    await expect(withdraw.available).toHaveText('39.00 USDT');
    await expect(withdraw.held).toHaveText('11.00 USDT');
    await markPage(page);

    const admin = new AdminCryptoWithdrawals(await e2e.adminPage());
    await admin.open();
    await admin.reject(account.email, 'Address failed sanctions screening');
    await expect(admin.rows(account.email)).toContainText('Rejected', LIVE);

    const row = withdraw.rows('10.00 USDT');
    await expect(withdraw.status('10.00 USDT')).toHaveText('Rejected', LIVE);
    await expect(row).toContainText('Reason: Address failed sanctions screening');
    await expect(withdraw.available).toHaveText('50.00 USDT', LIVE);
    await expect(withdraw.held).toHaveText('0.00 USDT');
    expect(await stillSameDocument(page)).toBe(true);
    expect(await usdtOnChain(target)).toBe(0n);

    // Cancelled by the user while pending: the hold goes back at once.
    await withdraw.withdraw({ address: freshAddress(), amount: '20', beneficiary: 'own' });
    await withdraw.shell.toast('20.00 USDT requested', 'success').waitFor();
    await expect(withdraw.held).toHaveText('21.00 USDT');
    await withdraw.cancelButton('20.00 USDT').click();
    await expect(withdraw.status('20.00 USDT')).toHaveText('Cancelled');
    await expect(withdraw.available).toHaveText('50.00 USDT');
    await expect(withdraw.held).toHaveText('0.00 USDT');
  });
});
