import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { kycRequiredOrder, messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type Account, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { boxes } from './support/geometry.ts';
import { AdminPage } from './page-models/admin-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import {
  kycDocuments,
  validAadhaar,
  validPan,
  type KycDocuments,
} from './page-models/kyc-documents.ts';
import { KycFlow, type IndividualKycValues } from './page-models/kyc-flow.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** The spec's ten required-item messages, word for word, in the spec's order (PRODUCT.md §5). */
const TEN_MESSAGES = [
  'Aadhar number is required',
  'Aadhar front image is required',
  'Aadhar back image is required',
  'PAN number is required',
  'PAN card image is required',
  'Selfie is required',
  'Bank account number is required',
  'IFSC code is required',
  'Bank name is required',
  'Bank statement is required',
];

/** One PAN per account (ADR 039): each user of the shared e2e server types their own. */
const values = (panNumber = validPan()): IndividualKycValues => ({
  aadharNumber: validAadhaar(),
  panNumber,
  accountNumber: '123456789012',
  ifscCode: 'SBIN0001234',
  bankName: 'State Bank of India',
});

/** Fills the whole individual form (files, fake-camera selfie) and submits it. */
async function fillAndSubmit(kyc: KycFlow, docs: KycDocuments, pan?: string): Promise<void> {
  await kyc.fillText(values(pan));
  for (const kind of ['aadharFront', 'aadharBack', 'panFront', 'bankStatement'] as const) {
    await kyc.setFile(kind, docs[kind]);
  }
  await kyc.takeSelfie();
  await kyc.submit.click();
}

/**
 * Only the form's body scrolls: the dialog's title and ✕ are still at its top edge. (A picked
 * file once scrolled the whole dialog: title and ✕ cut off, an empty band under the buttons.)
 */
async function expectHeaderInPlace(kyc: KycFlow): Promise<void> {
  const [dialog] = await boxes(kyc.form);
  for (const part of [kyc.title, kyc.close]) {
    const [box] = await boxes(part);
    expect(box!.y, `${String(part)} scrolled out of the dialog`).toBeGreaterThanOrEqual(dialog!.y);
  }
}

async function openDashboard(page: Page): Promise<KycFlow> {
  const kyc = new KycFlow(page);
  await kyc.shell.open('/dashboard');
  return kyc;
}

describe.skipIf(Boolean(skip))('KYC in the browser, with the admin review', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ fakeCamera: true });
  });
  afterAll(() => e2e?.close());

  it('submits individual KYC with a live selfie; the admin rejects with a reason, the user resubmits, the admin approves', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.desktop, { fullName: 'Kavya Menon' });
    const pan = validPan();
    const docs = await kycDocuments(account.fullName);

    // While pending the dashboard opens the type choice by itself.
    const kyc = await openDashboard(page);
    await kyc.typeDialog.waitFor();
    await screenshotBothSizes(page, 'kyc-type-choice');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Cancelling closes it, and it stays closed while the user moves around the dashboard.
    await kyc.typeChoice.cancel.click();
    await kyc.typeDialog.waitFor({ state: 'detached' });
    await new DashboardPage(page).sectionLink('Wallet').click();
    await page.waitForURL('**/dashboard/wallet/inr-deposit');
    await new DashboardPage(page).sectionLink('Overview').click();
    await page.waitForURL(/\/dashboard$/);
    // The type choice renders with the overview's KYC banner (same user, same render): once
    // the banner shows, a dialog that was going to open by itself would be there too.
    await expect(kyc.banner).toBeVisible();
    await expect(kyc.typeDialog).toHaveCount(0);

    // ?kyc=1 (the 'Complete Your KYC' banner's link) opens it again and leaves the URL clean.
    await kyc.shell.open('/dashboard?kyc=1');
    await kyc.typeDialog.waitFor();
    await page.waitForURL(/\/dashboard$/);

    // Corporate has no form: it explains who handles it; Back returns to the choice.
    await kyc.typeOption('Corporate').click();
    await expect(kyc.corporate.explanation).toBeVisible();
    await screenshotBothSizes(page, 'kyc-corporate');
    await page.setViewportSize(VIEWPORTS.desktop);
    await kyc.corporate.back.click();
    await kyc.typeOption('Individual').click();
    await kyc.form.waitFor();

    // Submitting the empty form lists the ten messages, word for word, one per line.
    await kyc.submit.click();
    await kyc.errorSummary.waitFor();
    expect(await kyc.summaryLines()).toEqual(TEN_MESSAGES);
    expect(kycRequiredOrder.map((k) => messages.kyc.required[k])).toEqual(TEN_MESSAGES);
    const summaryText = await kyc.errorSummary.getByRole('list').innerText();
    expect(summaryText.split('\n').map((l) => l.trim())).toEqual(TEN_MESSAGES);
    expect(await kyc.field('Aadhar Number').getAttribute('aria-invalid')).toBe('true');
    await screenshotBothSizes(page, 'kyc-individual-errors');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The Aadhaar placeholder shows the format without being a number our own check refuses.
    expect(await kyc.field('Aadhar Number').getAttribute('placeholder')).toBe('XXXX XXXX XXXX');

    // Format hints next to the fields, with the server's own rules.
    await kyc.field('Aadhar Number').fill('1234');
    await kyc.field('PAN Number').fill('ABC12');
    await kyc.field('IFSC Code').fill('SBIN123');
    await kyc.field('Bank Name').click();
    expect(await kyc.fieldError('Aadhar Number')).toBe(messages.kyc.aadharFormat);
    expect(await kyc.fieldError('PAN Number')).toBe(messages.kyc.panFormat);
    expect(await kyc.fieldError('IFSC Code')).toBe(messages.kyc.ifscFormat);
    await kyc.field('Aadhar Number').fill('234123412345');
    await kyc.field('Bank Name').click();
    expect(await kyc.fieldError('Aadhar Number')).toBe(messages.kyc.aadharChecksum);

    // Images only for ID and PAN; PDF only for the statement.
    await kyc.setFile('aadharFront', docs.bankStatement);
    await kyc
      .fileSlot('aadharFront')
      .getByText(messages.kyc.imageType('Aadhar front image'))
      .waitFor();
    await kyc.setFile('bankStatement', docs.panFront);
    await kyc.fileSlot('bankStatement').getByText(messages.kyc.pdfType).waitFor();

    // A text file renamed .jpg (or .pdf) is judged by its bytes: refused at once, next to the
    // field, and never shown as a broken thumbnail.
    const text = Buffer.from('Not a picture, only words.\n');
    await kyc.setFile('panFront', { name: 'pan.jpg', mimeType: 'image/jpeg', buffer: text });
    await kyc.fileSlot('panFront').getByText(messages.kyc.imageContent('PAN card image')).waitFor();
    await expect(kyc.fileSlot('panFront').getByRole('img')).toHaveCount(0);
    expect(await kyc.fileInput('panFront').getAttribute('aria-invalid')).toBe('true');
    await screenshotBothSizes(page, 'kyc-renamed-file', async () => {
      await kyc.fileSlot('panFront').scrollIntoViewIfNeeded();
      await expectHeaderInPlace(kyc);
    });
    await page.setViewportSize(VIEWPORTS.desktop);
    await kyc.setFile('bankStatement', {
      name: 'bank.pdf',
      mimeType: 'application/pdf',
      buffer: text,
    });
    await kyc.fileSlot('bankStatement').getByText(messages.kyc.pdfContent).waitFor();

    // Everything filled: previews for each file, removable.
    await kyc.fillText(values(pan));
    for (const kind of ['aadharFront', 'aadharBack', 'panFront', 'bankStatement'] as const) {
      await kyc.setFile(kind, docs[kind]);
    }
    await kyc.removeFile('aadharBack', 'Aadhar back image').click();
    await kyc.fileInput('aadharBack').waitFor({ state: 'attached' });
    await kyc.setFile('aadharBack', docs.aadharBack);
    await kyc.takeSelfie();
    for (const name of [
      'Aadhar front image preview',
      'Aadhar back image preview',
      'PAN card image preview',
    ]) {
      const loaded = await kyc
        .preview(name)
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      expect(loaded, name).toBe(true);
    }
    await kyc.fileSlot('bankStatement').getByText('statement.pdf').waitFor();
    expect(await kyc.summaryLines()).toEqual([]);
    await expectHeaderInPlace(kyc);
    await screenshotBothSizes(page, 'kyc-individual-filled', async () => {
      await kyc.scrollForm('top');
      await expectHeaderInPlace(kyc);
    });
    await screenshotBothSizes(page, 'kyc-individual-filled-end', async () => {
      await kyc.scrollForm('bottom');
      await expectHeaderInPlace(kyc);
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    // The selfie goes up as a JPEG named selfie.jpg; the request is watched, not changed.
    let multipart = '';
    await page.route('**/api/kyc', async (route) => {
      multipart = route.request().postDataBuffer()?.toString('latin1') ?? '';
      await route.continue();
    });
    await kyc.submit.click();
    await kyc.shell.toast('KYC submitted successfully', 'success').waitFor();
    await kyc.form.waitFor({ state: 'detached' });
    expect(multipart).toMatch(/name="selfie"; filename="selfie.jpg"\r\nContent-Type: image\/jpeg/);
    await page.unroute('**/api/kyc');

    await kyc.banner.getByText('Under review', { exact: true }).waitFor();
    await screenshotBothSizes(page, 'kyc-status-submitted');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The stored selfie is the 720×720 capture.
    const userId = await userIdOf(e2e, account);
    const selfie = await page.request.get(`/api/kyc/documents/${userId}/selfie`);
    expect(selfie.status()).toBe(200);
    const meta = await sharp(await selfie.body()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 720, 720]);

    // The admin, in another browser context, rejects with a reason.
    const adminPage = await e2e.adminPage(VIEWPORTS.desktop);
    const admin = new AdminPage(adminPage);
    await admin.goto();
    await admin.filter(account.email);
    await admin.waitForRows(1, account.email);
    const row = admin.rows(account.email);
    await admin.reviewButton(account.email).click();
    const review = admin.reviewDialog;
    await expect(review.root).toBeVisible();
    for (const alt of ['Aadhar front image', 'Aadhar back image', 'PAN card image', 'Selfie']) {
      await expect.poll(() => review.imageLoaded(alt)).toBe(true);
    }
    await expect(review.statementLink).toBeVisible();
    // The PAN the user typed, to compare with the PAN card's image.
    await expect(review.panNumber).toHaveText(pan);
    await screenshotBothSizes(adminPage, 'admin-kyc-review');
    await adminPage.setViewportSize(VIEWPORTS.desktop);

    await review.reject.click();
    const confirm = review.confirmReject;
    const reasonBox = review.reason;
    await expect(confirm).toBeDisabled();
    await reasonBox.fill('   ');
    await expect(confirm).toBeDisabled();
    await reasonBox.fill('The PAN card photo is blurred');
    await expect(confirm).toBeEnabled();
    await screenshotBothSizes(adminPage, 'admin-kyc-reject-reason');
    await adminPage.setViewportSize(VIEWPORTS.desktop);
    await confirm.click();
    await admin.shell.toast(messages.admin.kycRejected, 'success').waitFor();
    await review.root.waitFor({ state: 'detached' });
    await row.getByText('rejected', { exact: true }).waitFor();
    await expect(admin.reviewButton(account.email)).toHaveCount(0);

    // The user sees the rejection with its reason and submits again from the banner.
    await kyc.shell.open('/dashboard');
    await kyc.banner.getByText('Reason: The PAN card photo is blurred').waitFor();
    // Rejected is not pending: nothing opens by itself (the banner above has rendered, and
    // the type choice would have rendered with it).
    await expect(kyc.typeDialog).toHaveCount(0);
    await screenshotBothSizes(page, 'kyc-status-rejected');
    await page.setViewportSize(VIEWPORTS.desktop);
    await kyc.resubmit.click();
    await kyc.typeOption('Individual').click();
    await kyc.form.waitFor();
    await fillAndSubmit(kyc, docs, pan);
    await kyc.shell.toast('KYC submitted successfully', 'success').waitFor();
    await kyc.form.waitFor({ state: 'detached' });
    await kyc.banner.getByText('Under review', { exact: true }).waitFor();

    // The admin approves; the list reloads without the Review button.
    await admin.goto();
    await admin.filter(account.email, 'submitted');
    await admin.waitForRows(1, account.email);
    await admin.reviewButton(account.email).click();
    await review.approve.click();
    await admin.shell.toast(messages.admin.kycApproved, 'success').waitFor();
    await admin.waitForRows(0, account.email);
    await admin.statusFilter.selectOption('verified');
    await admin.waitForRows(1, account.email);

    // The user is verified: the status says so and the Watchlist link appears.
    await kyc.shell.open('/dashboard');
    await kyc.statusCard.waitFor();
    expect(await kyc.status()).toBe('verified');
    await kyc.statusCard.getByText('KYC verified').waitFor();
    await expect(kyc.banner).toHaveCount(0);
    await kyc.shell.headerLink('Watchlist').waitFor();
    await screenshotBothSizes(page, 'kyc-status-verified');
  });

  it('keeps the upload progress visible while the documents go up', async () => {
    const { page, account } = await e2e.userPage(VIEWPORTS.mobile);
    const docs = await kycDocuments(account.fullName);
    const kyc = await openDashboard(page);
    await kyc.typeOption('Individual').click();
    await kyc.form.waitFor();
    // Hold the request so the bar can be seen; it then goes to the real server.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/kyc', async (route) => {
      await held;
      await route.continue();
    });
    await fillAndSubmit(kyc, docs);
    await expect(kyc.uploadProgress).toBeVisible();
    await expect(kyc.submit).toHaveText('Submitting...');
    await expect(kyc.submit).toBeDisabled();
    release();
    await kyc.form.waitFor({ state: 'detached' });
    await kyc.banner.getByText('Under review', { exact: true }).waitFor();
  });
});

async function userIdOf(e2e: E2e, account: Account): Promise<string> {
  const rows = await e2e.app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    account.email.toLowerCase(),
  ]);
  return rows[0]!.id;
}
