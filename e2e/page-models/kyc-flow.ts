import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';
import type { UploadFile } from './kyc-documents.ts';
import { CorporateKycDialog, KycTypeDialog } from './kyc-type-dialog.ts';

export type KycFileKind = 'aadharFront' | 'aadharBack' | 'panFront' | 'bankStatement';

export interface IndividualKycValues {
  aadharNumber: string;
  panNumber: string;
  accountNumber: string;
  ifscCode: string;
  bankName: string;
}

/** The KYC flow on the dashboard: type choice, the individual form, the status card. */
export class KycFlow {
  readonly shell: AppShell;
  readonly typeChoice: KycTypeDialog;
  readonly corporate: CorporateKycDialog;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.typeChoice = new KycTypeDialog(page);
    this.corporate = new CorporateKycDialog(page);
  }

  get typeDialog(): Locator {
    return this.typeChoice.root;
  }
  typeOption(name: 'Individual' | 'Corporate'): Locator {
    return this.typeChoice.option(name);
  }
  get corporateDialog(): Locator {
    return this.corporate.root;
  }
  get form(): Locator {
    return this.page.getByRole('dialog', { name: 'Individual KYC' });
  }
  /** The dialog's title and its ✕, in the header above the form's scroll area. */
  get title(): Locator {
    return this.form.getByRole('heading', { name: 'Individual KYC', exact: true });
  }
  get close(): Locator {
    return this.form.getByRole('button', { name: 'Close', exact: true });
  }
  get submit(): Locator {
    return this.form.getByRole('button', { name: /^(Submit KYC|Submitting\.\.\.)$/ });
  }
  get cancel(): Locator {
    return this.form.getByRole('button', { name: 'Cancel', exact: true });
  }
  get errorSummary(): Locator {
    return this.form.getByTestId('kyc-error-summary');
  }
  /** The summary's lines, each its own list item. */
  async summaryLines(): Promise<string[]> {
    return (await this.errorSummary.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
  }
  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }
  /** The message shown under a text field (its aria-describedby note). */
  async fieldError(label: string): Promise<string> {
    const id = await this.field(label).getAttribute('aria-describedby');
    return id ? (await this.page.locator(`[id="${id}"]`).innerText()).trim() : '';
  }
  /** An image preview in the form, by its alt text. */
  preview(name: string): Locator {
    return this.form.getByRole('img', { name });
  }
  get uploadProgress(): Locator {
    return this.form.getByRole('progressbar', { name: 'Upload progress' });
  }
  fileSlot(kind: KycFileKind | 'selfie'): Locator {
    return this.form.locator(`[data-kyc-field="${kind}"]`);
  }
  removeFile(kind: KycFileKind, label: string): Locator {
    return this.fileSlot(kind).getByRole('button', { name: `Remove ${label}` });
  }
  fileInput(kind: KycFileKind): Locator {
    return this.fileSlot(kind).locator('input[type="file"]');
  }
  async setFile(kind: KycFileKind, file: UploadFile): Promise<void> {
    await this.fileInput(kind).setInputFiles(file);
  }
  async fillText(values: IndividualKycValues): Promise<void> {
    await this.field('Aadhar Number').fill(values.aadharNumber);
    await this.field('PAN Number').fill(values.panNumber);
    await this.field('Bank Account Number').fill(values.accountNumber);
    await this.field('IFSC Code').fill(values.ifscCode);
    await this.field('Bank Name').fill(values.bankName);
  }
  /** Opens the fake camera, waits for a picture and captures it. */
  async takeSelfie(): Promise<void> {
    await this.fileSlot('selfie')
      .getByRole('button', { name: /Take selfie/ })
      .click();
    const capture = this.fileSlot('selfie').getByRole('button', { name: 'Capture', exact: true });
    await capture.waitFor();
    await this.page.waitForFunction(() => {
      const video = document.querySelector('[data-kyc-field="selfie"] video');
      return video instanceof HTMLVideoElement && video.videoWidth > 0 && video.readyState >= 2;
    });
    await capture.click();
    await this.fileSlot('selfie').getByRole('img', { name: 'Selfie preview' }).waitFor();
  }

  /** The overview's 'Complete Your KYC' banner (every status but verified). */
  get banner(): Locator {
    return this.page.getByRole('region', { name: 'Complete Your KYC' });
  }
  /** The banner's link that reopens the flow after a rejection. */
  get resubmit(): Locator {
    return this.banner.getByRole('link', { name: 'Resubmit KYC' });
  }
  /** Scrolls the form's own scroll area (screenshots of its two halves). */
  async scrollForm(to: 'top' | 'bottom'): Promise<void> {
    await this.form.locator('.overflow-y-auto').evaluate((el, where) => {
      el.scrollTop = where === 'top' ? 0 : el.scrollHeight;
    }, to);
  }
  /** The verification card the KYC gate adds to the overview once verified. */
  get statusCard(): Locator {
    return this.page.getByTestId('kyc-status');
  }
  async status(): Promise<string | null> {
    return this.statusCard.getAttribute('data-status');
  }
}
