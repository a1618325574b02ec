import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@sikka/contracts';
import { e2eSkipReason, e2eDrivers, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { boxes } from './support/geometry.ts';
import { creditInr, userIdOf, verifiedUserPage } from './support/money-seed.ts';
import { dismissKycPrompt } from './page-models/dashboard-page.ts';
import { AdminWithdrawals } from './page-models/admin-withdrawals.ts';
import { PaymentPage } from './page-models/payment-page.ts';
import { WithdrawPage } from './page-models/withdraw-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** A decision reaches the user's page live (balance event) or on the next visit. */
const LIVE = { timeout: 15_000 };

/** Screenshots show the screen, not the last toast over its header. */
async function noToasts(page: Page): Promise<void> {
  // A hovered toast stays open (sonner pauses it): the pointer leaves it, as a person's would.
  await page.mouse.move(1, 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

describe.skipIf(Boolean(skip)).each(e2eDrivers())(
  'INR withdrawals in the browser on %s',
  (driver) => {
    let e2e: E2e;
    beforeAll(async () => {
      e2e = await startE2e({ driver });
    });
    afterAll(() => e2e?.close());

    it('a verified user withdraws, cancels, adds an account the admin verifies; the admin pays one and rejects one', async () => {
      const { page, account } = await verifiedUserPage(e2e);
      const userId = await userIdOf(e2e.app, account.email);
      await creditInr(e2e.app, userId, '5000');
      const withdraw = new WithdrawPage(page);
      await withdraw.open();
      await expect(withdraw.available).toHaveText('₹5,000.00');
      await expect(withdraw.held).toHaveText('₹0.00');
      await expect(withdraw.limits.last()).toHaveText('₹10,00,000');
      expect(await withdraw.limits.allInnerTexts()).toEqual([
        '₹100',
        '₹10,00,000',
        '₹10,00,000',
        '₹10,00,000',
      ]);
      await page.getByText('No withdrawals yet', { exact: true }).waitFor();

      // The KYC account is verified with the KYC, so it is chosen at once.
      const kycAccount = 'State Bank of India •••• 9012';
      expect(await withdraw.account.locator('option:checked').innerText()).toBe(kycAccount);

      // Below the server's minimum: its own message, nothing sent.
      await withdraw.withdraw('50');
      await expect(page.getByText(messages.withdrawals.amountMin('100'))).toBeVisible();

      // Request: available down, held up, listed pending.
      await withdraw.withdraw('1000');
      await withdraw.shell.toast(messages.withdrawals.submitted, 'success').waitFor();
      await expect(withdraw.available).toHaveText('₹4,000.00');
      await expect(withdraw.held).toHaveText('₹1,000.00');
      const first = withdraw.rows('₹1,000.00');
      await expect(first.getByText('pending', { exact: true })).toBeVisible();
      await expect(first).toContainText('State Bank of India');
      await expect(first).toContainText('•••• 9012');

      // Cancel: the hold goes back.
      await withdraw.cancelButton('₹1,000.00').click();
      await withdraw.shell.toast(messages.withdrawals.cancelled, 'success').waitFor();
      await expect(first.getByText('cancelled', { exact: true })).toBeVisible();
      await expect(withdraw.available).toHaveText('₹5,000.00');
      await expect(withdraw.held).toHaveText('₹0.00');
      await expect(withdraw.cancelButton('₹1,000.00')).toHaveCount(0);

      // Add a bank account: pending, and not choosable yet.
      await withdraw.addAccountLink.click();
      const payment = new PaymentPage(page);
      await payment.heading.waitFor();
      await expect(payment.accounts('State Bank of India')).toContainText('KYC account');
      await expect(
        payment.accounts('State Bank of India').getByText('verified', { exact: true }),
      ).toBeVisible();
      await payment.submit.click();
      expect(await payment.fieldErrors()).toHaveLength(4);
      await payment.add({
        accountHolderName: account.fullName,
        bankName: 'HDFC Bank',
        accountNumber: '50100012344321',
        ifscCode: 'hdfc0001234',
      });
      await payment.shell.toast(messages.bankAccounts.added, 'success').waitFor();
      const hdfc = payment.accounts('HDFC Bank');
      await expect(hdfc.getByText('pending', { exact: true })).toBeVisible();
      await expect(hdfc).toContainText('4321');
      expect(await hdfc.innerText()).not.toContain('50100012344321');
      await expect(hdfc).toContainText('HDFC0001234');
      await expect(payment.accounts()).toHaveCount(2);
      // The same account twice: the server's message under its field or as a toast.
      await payment.add({
        accountHolderName: account.fullName,
        bankName: 'HDFC Bank',
        accountNumber: '50100012344321',
        ifscCode: 'HDFC0001234',
      });
      await expect(page.getByText(messages.bankAccounts.duplicate).first()).toBeVisible();
      await payment.open();
      await expect(payment.accounts()).toHaveCount(2);
      await noToasts(page);
      await screenshotBothSizes(page, 'payment-methods');
      await page.setViewportSize(VIEWPORTS.desktop);

      await withdraw.open();
      const hdfcOption = withdraw.accountOption('HDFC Bank');
      await expect(hdfcOption).toHaveCount(1);
      expect(await hdfcOption.textContent()).toContain('awaiting verification');
      expect(await hdfcOption.evaluate((o) => (o as HTMLOptionElement).disabled)).toBe(true);

      // The admin verifies it.
      const adminPage = await e2e.adminPage(VIEWPORTS.desktop);
      const admin = new AdminWithdrawals(adminPage);
      await admin.open('Bank accounts');
      await admin.search.fill(account.email);
      await admin.rowButton('HDFC Bank', 'Verify').click();
      await admin.shell.toast(messages.bankAccounts.verified, 'success').waitFor();
      await expect(admin.rows('HDFC Bank').getByText('verified', { exact: true })).toBeVisible();

      // Now usable: one withdrawal to it, one to the KYC account.
      await withdraw.open();
      expect(
        await withdraw
          .accountOption('HDFC Bank')
          .evaluate((o) => (o as HTMLOptionElement).disabled),
      ).toBe(false);
      await withdraw.account.selectOption({ label: 'HDFC Bank •••• 4321' });
      await withdraw.withdraw('1500');
      await withdraw.shell.toast(messages.withdrawals.submitted, 'success').waitFor();
      await expect(withdraw.rows('₹1,500.00').getByText('pending', { exact: true })).toBeVisible();
      await withdraw.account.selectOption({ label: kycAccount });
      await withdraw.withdraw('700');
      await expect(withdraw.rows('₹700.00').getByText('pending', { exact: true })).toBeVisible();
      await expect(withdraw.available).toHaveText('₹2,800.00');
      await expect(withdraw.held).toHaveText('₹2,200.00');
      await expect(withdraw.limits.last()).toHaveText('₹9,97,800');
      await noToasts(page);
      await screenshotBothSizes(page, 'wallet-inr-withdraw');
      await page.setViewportSize(VIEWPORTS.desktop);

      // The admin pays the first with the bank's UTR.
      await admin.openTab('Withdrawals');
      await admin.search.fill(account.email);
      await expect(admin.rows()).toHaveCount(3);
      await noToasts(adminPage);
      await screenshotBothSizes(adminPage, 'admin-withdrawals');
      await adminPage.setViewportSize(VIEWPORTS.desktop);
      await admin.rowButton('₹1,500.00', 'Approve').click();
      // The list shows •••• 4321; the transfer needs the whole number, read for this dialog.
      await expect(admin.payeeAccountNumber).toHaveText('50100012344321');
      await screenshotBothSizes(adminPage, 'admin-withdrawal-approve');
      await adminPage.setViewportSize(VIEWPORTS.desktop);
      await admin.confirmPaid.click();
      await expect(
        admin.approveDialog.getByText(messages.withdrawals.payoutUtrRequired),
      ).toBeVisible();
      await admin.payoutUtr.fill('hdfcn52026112401');
      await admin.confirmPaid.click();
      await admin.approveDialog.waitFor({ state: 'hidden' });
      await admin.shell.toast(messages.withdrawals.approved, 'success').waitFor();
      await expect(admin.rows('₹1,500.00')).toContainText('UTR HDFCN52026112401');

      // The user sees it paid, with the reference, without a reload.
      const paid = withdraw.rows('₹1,500.00');
      await expect(paid.getByText('paid', { exact: true })).toBeVisible(LIVE);
      await expect(paid).toContainText('HDFCN52026112401');
      await expect(withdraw.held).toHaveText('₹700.00', LIVE);
      await expect(withdraw.available).toHaveText('₹2,800.00');

      // The admin rejects the other; the hold comes back to the user.
      await admin.reject('₹700.00', 'Name mismatch with bank records');
      await admin.shell.toast(messages.withdrawals.rejected, 'success').waitFor();
      const rejected = withdraw.rows('₹700.00');
      await expect(rejected.getByText('rejected', { exact: true })).toBeVisible(LIVE);
      await expect(rejected).toContainText('Name mismatch with bank records');
      await expect(withdraw.available).toHaveText('₹3,500.00', LIVE);
      await expect(withdraw.held).toHaveText('₹0.00');

      // A reload shows the same.
      await page.reload();
      await expect(withdraw.rows('₹1,500.00')).toContainText('HDFCN52026112401');
      await expect(withdraw.available).toHaveText('₹3,500.00');
      await screenshotBothSizes(page, 'wallet-inr-withdraw-recent', (p) =>
        p.getByRole('heading', { name: 'Recent Withdrawals' }).scrollIntoViewIfNeeded(),
      );
    });

    it('with no verified bank account the button waits, and says where to add one', async () => {
      const { page, account } = await verifiedUserPage(e2e);
      const userId = await userIdOf(e2e.app, account.email);
      await creditInr(e2e.app, userId, '5000');
      // A KYC without bank details (a corporate one, say): no account to pay out to.
      await e2e.app.db.query('DELETE FROM bank_accounts WHERE user_id = $1', [userId]);
      const withdraw = new WithdrawPage(page);
      await withdraw.open();
      await expect(withdraw.available).toHaveText('₹5,000.00');
      await expect(withdraw.submit).toBeDisabled();
      const hint = page.getByTestId('withdraw-no-account');
      await expect(hint).toBeVisible();
      await screenshotBothSizes(page, 'wallet-inr-withdraw-no-account');
      await page.setViewportSize(VIEWPORTS.desktop);
      await hint.getByRole('link', { name: 'Payment Methods' }).click();
      await page.waitForURL('**/dashboard/account/payment');
    });

    it('the payment page stacks its panels until 1280 px, so its labels and the account line fit', async () => {
      const { page } = await verifiedUserPage(e2e);
      const payment = new PaymentPage(page);
      const notes = page.getByRole('heading', { name: 'Important' });
      for (const width of [1024, 1100, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await payment.open();
        await expect(payment.accounts('State Bank of India')).toBeVisible();
        const [form] = await boxes(payment.form);
        const [note] = await boxes(notes);
        // Beside the form only where both have room; under it otherwise.
        if (width >= 1280) expect(note!.x, `${width}px`).toBeGreaterThan(form!.x + form!.width);
        else expect(note!.y, `${width}px`).toBeGreaterThan(form!.y + form!.height);
        // Each label on one line, and the account's line ("… added Nov 29, 2026") not cut.
        for (const label of ['Account Holder Name', 'Account Number']) {
          const lines = await payment.form
            .getByText(label, { exact: true })
            .evaluate((el) => el.getClientRects().length);
          expect(lines, `${width}px: ${label}`).toBe(1);
          const [box] = await boxes(payment.form.getByText(label, { exact: true }));
          expect(box!.height, `${width}px: ${label}`).toBeLessThan(24);
        }
        const cut = await payment
          .accounts('State Bank of India')
          .locator('*')
          .evaluateAll((els) =>
            els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
          );
        expect(cut, `${width}px`).toEqual([]);
      }
    });

    it('an unverified user sees the KYC prompt instead of the form', async () => {
      const { page } = await e2e.userPage(VIEWPORTS.desktop);
      const withdraw = new WithdrawPage(page);
      await withdraw.shell.open('/dashboard/wallet/inr-withdraw');
      await dismissKycPrompt(page);
      await expect(
        withdraw.kycPrompt.getByRole('heading', { name: messages.kycRequired.withdraw }),
      ).toBeVisible();
      await expect(withdraw.amount).toHaveCount(0);
      await expect(withdraw.submit).toHaveCount(0);
      await expect(withdraw.available).toHaveText('₹0.00');
      await page.getByText('No withdrawals yet', { exact: true }).waitFor();
    });
  },
);
