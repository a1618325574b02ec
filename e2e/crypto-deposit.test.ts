import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COPY_CONFIRM_MS, messages, type DepositAddressResponse } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshot, screenshotBothSizes } from './support/screenshots.ts';
import { balancesOf, userIdOf, verifiedUserPage } from './support/money-seed.ts';
import { boxes, overlappingTexts, within } from './support/geometry.ts';
import { CryptoDepositPage } from './page-models/crypto-deposit-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** Mined within a second, then 3 confirmations at a block a second; generous for a loaded machine. */
const LIVE = { timeout: 20_000 };
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Phone to wide desktop. 1024–1279 px is where the page's two columns once left the deposits
 * table about 300 px beside the dashboard's side menu, and it ran out of its panel; about
 * 770–1050 px, where the wallet's tabs once ran off the page.
 */
const WIDTHS = [
  VIEWPORTS.mobile,
  { width: 768, height: 800 },
  { width: 900, height: 800 },
  { width: 1024, height: 800 },
  { width: 1100, height: 800 },
  { width: 1200, height: 800 },
  VIEWPORTS.desktop,
  { width: 1440, height: 900 },
];

/** Screenshots show the screen, not the last toast over it. */
async function noToasts(page: Page): Promise<void> {
  // A toast under the pointer stays open (sonner pauses it while hovered), as it would for a
  // person: the pointer leaves it first, as a person's would.
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** A flag in the window: still there later means no reload happened in between. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function depositAddressOf(page: Page): Promise<DepositAddressResponse> {
  const res = await page.request.get('/api/crypto/deposit-address');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as DepositAddressResponse;
}

async function chainDepositsOf(
  page: Page,
): Promise<Array<{ txHash: string; asset: string; status: string }>> {
  const res = await page.request.get('/api/crypto/deposits');
  expect(res.status(), await res.text()).toBe(200);
  return (
    (await res.json()) as { deposits: Array<{ txHash: string; asset: string; status: string }> }
  ).deposits;
}

describe.skipIf(Boolean(skip))('crypto deposits in the browser on a local chain', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ chain: true });
  }, 120_000);
  afterAll(() => e2e?.close());

  it('a verified user gets their own address and QR code, takes 100 test USDT from the faucet and watches it go pending → credited without a reload', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    const userId = await userIdOf(e2e.app, account.email);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const deposit = new CryptoDepositPage(page);
    await deposit.open();
    const server = await depositAddressOf(page);
    expect(server.address).toMatch(EVM_ADDRESS);
    expect(server.minimumConfirmations).toBe(3);
    expect(server.faucet).toBe(true);

    // USDT first, on the server's one network.
    await expect(deposit.coin).toHaveValue('USDT');
    expect(await deposit.network.locator('option').allInnerTexts()).toEqual([server.network]);
    await expect(deposit.address).toHaveText(server.address);
    await expect(deposit.qr).toBeVisible();
    const qr = await deposit.qr.evaluate((img: HTMLImageElement) => ({
      src: img.src.slice(0, 22),
      width: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
    }));
    expect(qr.src).toBe('data:image/png;base64,');
    expect(qr.width).toBeGreaterThan(100);
    expect(qr.shown).toBeGreaterThanOrEqual(130);
    expect(qr.shown).toBeLessThanOrEqual(180);
    const takes = server.assets.map((a) => (a === 'USDT' ? 'USDT (ERC-20)' : a)).join(' or ');
    await expect(deposit.networkWarning).toHaveText(
      `Send only ${takes} on ${server.network}. Coins sent on another network are lost.`,
    );
    await page.getByText('Credited after 3 confirmations', { exact: true }).waitFor();
    expect(await deposit.processingTimes()).toEqual([
      `${server.assets.join(' and ')}: 3 network confirmations on ${server.network}`,
      'Bitcoin Network: Not available yet',
      'Lightning Network: Not available yet',
    ]);
    await expect(deposit.emptyDeposits).toBeVisible();
    await expect(deposit.balance).toHaveText('0.00 USDT');

    // The copy button copies the address shown, and says so for COPY_CONFIRM_MS.
    await deposit.copyAddress.click();
    const copiedAt = Date.now();
    await deposit.addressCopied.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.address);
    await deposit.copyAddress.waitFor({ timeout: 4000 });
    const shownFor = Date.now() - copiedAt;
    expect(shownFor).toBeGreaterThanOrEqual(COPY_CONFIRM_MS - 100);
    expect(shownFor).toBeLessThan(COPY_CONFIRM_MS + 1500);

    await markPage(page);
    await deposit.faucetButton('USDT').click();
    await deposit.shell.toast('Sent 100 USDT of test coins', 'success').waitFor();
    // Found, then counted block by block: the row shows up pending with its confirmations…
    const row = deposit.depositRows.first();
    await expect(deposit.statusOf(row)).toHaveText('Pending', LIVE);
    expect(await row.innerText()).toMatch(/Pending\s+[0-3]\/3 confirmations/);
    await expect(row).toContainText('100.00 USDT');
    const [sent] = await chainDepositsOf(page);
    expect(sent).toMatchObject({ asset: 'USDT' });
    expect(await row.locator(`[title="${sent!.txHash}"]`).innerText()).toBe(
      `${sent!.txHash.slice(0, 10)}…${sent!.txHash.slice(-6)}`,
    );
    // …and turns credited on the page by itself, the wallet's balance with it.
    await expect(deposit.statusOf(row)).toHaveText('Credited', LIVE);
    expect(await deposit.statusOf(row).getAttribute('data-status')).toBe('credited');
    await expect(deposit.balance).toHaveText('100.00 USDT', LIVE);
    expect(await stillSameDocument(page)).toBe(true);
    expect((await balancesOf(e2e.app, userId)).usdt).toBe('100.00000000');
    await expect(deposit.depositRows).toHaveCount(1);

    await noToasts(page);
    await screenshotBothSizes(
      page,
      'crypto-deposit-credited',
      looksRight(deposit.address, deposit.qr, deposit.balance),
    );
    // The list inside its panel at both sizes (its STATUS column once crossed the panel's
    // right border at 1280), and in a picture of its own: the one above ends at its header.
    await screenshotBothSizes(page, 'crypto-deposit-credited-list', async (p) => {
      const panel = deposit.panel('Recent Crypto Deposits');
      await panel.scrollIntoViewIfNeeded();
      const [outer] = await boxes(panel);
      for (const list of [deposit.depositTable, deposit.depositList]) {
        if (!(await list.isVisible())) continue;
        const [inner] = await boxes(list);
        expect(within(inner!, outer!), `${String(list)} runs out of its panel`).toBe(true);
      }
      await looksRight(panel)(p);
    });
    // Phones get the list as cards, with the same words.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(deposit.depositCards).toHaveCount(1);
    await expect(deposit.depositCards.first()).toContainText('Credited');
    await expect(deposit.depositCards.first()).toContainText('100.00 USDT');
  });

  it('the recent deposits stay inside their panel at every width from a phone to 1440 px, no text over another', async () => {
    const { page } = await verifiedUserPage(e2e);
    const deposit = new CryptoDepositPage(page);
    await deposit.open();
    await deposit.faucetButton('USDT').click();
    await expect(deposit.statusOf(deposit.depositRows.first())).toHaveText('Credited', LIVE);
    await noToasts(page);
    const listPanel = deposit.panel('Recent Crypto Deposits');
    const addressPanel = deposit.panel('Deposit Address');
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}×${viewport.height}`;
      // A table from the sm breakpoint, cards below it.
      const list = viewport.width >= 640 ? deposit.depositTable : deposit.depositList;
      await expect(list).toBeVisible();
      const [outer] = await boxes(listPanel);
      const [inner] = await boxes(list);
      expect(within(inner!, outer!), `the deposits run out of their panel at ${size}`).toBe(true);
      expect(await overlappingTexts(listPanel), size).toEqual([]);
      expect(await overlappingTexts(addressPanel), size).toEqual([]);
      await looksRight(deposit.address, list)(page);
      if (viewport.width === 1100) await screenshot(page, 'crypto-deposit-credited');
    }
  });

  it('BTC and Lightning show no address, only that Bitcoin is not available yet; ETH uses the same address and is credited live', async () => {
    const { page } = await verifiedUserPage(e2e);
    const deposit = new CryptoDepositPage(page);
    await deposit.open();
    const server = await depositAddressOf(page);
    await expect(deposit.address).toHaveText(server.address);

    await deposit.coin.selectOption('BTC');
    expect(await deposit.network.locator('option').allInnerTexts()).toEqual([
      'Bitcoin Network',
      'Lightning Network',
    ]);
    const bitcoinText = `Bitcoin deposits are not available yet. You can deposit ${server.assets.join(' or ')} on ${server.network}.`;
    await expect(deposit.unavailable).toContainText(bitcoinText);
    await expect(deposit.address).toHaveCount(0);
    await expect(deposit.qr).toHaveCount(0);
    await expect(deposit.copyAddress).toHaveCount(0);
    // Nothing on the page invites a send on a network the wallet does not watch.
    await expect(page.getByText(/Send only/)).toHaveCount(0);
    await noToasts(page);
    await screenshotBothSizes(page, 'crypto-deposit-btc', looksRight(deposit.unavailable));
    await page.setViewportSize(VIEWPORTS.desktop);
    await deposit.network.selectOption('lightning');
    await expect(deposit.unavailable).toContainText(bitcoinText);
    await expect(deposit.address).toHaveCount(0);
    await expect(page.getByText(/Send only/)).toHaveCount(0);
    expect(await page.content()).not.toContain(server.address);

    // Back to an asset of the chain: the same address for good.
    await deposit.coin.selectOption('ETH');
    await expect(deposit.network).toHaveValue('evm');
    expect(await deposit.network.locator('option').allInnerTexts()).toEqual([server.network]);
    // Never "Send only ETH on the Bitcoin Network": the warning names the chain watched.
    const takes = server.assets.map((a) => (a === 'USDT' ? 'USDT (ERC-20)' : a)).join(' or ');
    await expect(deposit.networkWarning).toHaveText(
      `Send only ${takes} on ${server.network}. Coins sent on another network are lost.`,
    );
    expect(await page.content()).not.toMatch(/Send only [^<]* on (Bitcoin|Lightning)/);
    await page
      .getByText(`Your ETH deposit address on ${server.network}`, { exact: true })
      .waitFor();
    await expect(deposit.address).toHaveText(server.address);
    await expect(deposit.balance).toHaveText('0.00 ETH');
    await markPage(page);
    await deposit.faucetButton('ETH').click();
    await deposit.shell.toast('Sent 0.1 ETH of test coins', 'success').waitFor();
    await expect(deposit.depositRows).toHaveCount(1, LIVE);
    await expect(deposit.statusOf(deposit.depositRows.first())).toHaveText('Credited', LIVE);
    await expect(deposit.depositRows.first()).toContainText('0.10 ETH');
    await expect(deposit.balance).toHaveText('0.10 ETH', LIVE);
    expect(await stillSameDocument(page)).toBe(true);
  });

  it('a user whose KYC is not verified sees the KYC prompt and no address', async () => {
    const { page } = await e2e.userPage(VIEWPORTS.desktop);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/crypto/')) asked.push(new URL(r.url()).pathname);
    });
    const deposit = new CryptoDepositPage(page);
    await deposit.open({ kycPending: true });
    await deposit.kycPrompt
      .getByRole('heading', { name: messages.cryptoWallet.kycRequired })
      .waitFor();
    await expect(deposit.kycPrompt.getByRole('link', { name: 'Start KYC' })).toBeVisible();
    await expect(deposit.address).toHaveCount(0);
    await expect(deposit.qr).toHaveCount(0);
    await expect(deposit.faucetPanel).toHaveCount(0);
    // The page does not even ask: the server would only refuse.
    expect(asked).toEqual([]);
    const refused = await page.request.get('/api/crypto/deposit-address');
    expect(refused.status()).toBe(403);
    await screenshotBothSizes(page, 'crypto-deposit-kyc', looksRight(deposit.kycPrompt));
  });
});

describe.skipIf(Boolean(skip))('crypto deposits on a server without a chain', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  }, 120_000);
  afterAll(() => e2e?.close());

  it('says the crypto wallet is unavailable, with no address and no faucet', async () => {
    const { page } = await verifiedUserPage(e2e);
    const deposit = new CryptoDepositPage(page);
    await deposit.open();
    await expect(deposit.unavailable).toContainText('Crypto wallet unavailable');
    await expect(deposit.unavailable).toContainText(messages.cryptoWallet.unavailable);
    await expect(deposit.address).toHaveCount(0);
    await expect(deposit.faucetPanel).toHaveCount(0);
    await expect(deposit.emptyDeposits).toHaveCount(0);
    await screenshotBothSizes(page, 'crypto-deposit-no-chain', looksRight(deposit.unavailable));
  });
});
