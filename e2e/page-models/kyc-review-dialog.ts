import type { Locator, Page } from 'playwright-core';

/** The admin's 'KYC review: <name>' dialog: documents, masked numbers, approve or reject. */
export class KycReviewDialog {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: /^KYC review:/ });
  }
  /** A document image by its alt text ('Aadhar front image', 'Selfie', …). */
  image(alt: string): Locator {
    return this.root.getByRole('img', { name: alt, exact: true });
  }
  /** A document's slot by the server's field name (panFront, selfie, …). */
  document(kind: string): Locator {
    return this.root.locator(`[data-document="${kind}"]`);
  }
  placeholder(kind: string): Locator {
    return this.document(kind).getByTestId('document-placeholder');
  }
  get statementLink(): Locator {
    return this.root.getByRole('link', { name: /Open bank statement/ });
  }
  /** Numbers are shown masked: only the last four digits. */
  get maskedAadhaar(): Locator {
    return this.root.getByText(/^XXXX XXXX \d{4}$/);
  }
  /** The PAN number the user typed, in full (the admin compares it with the PAN image). */
  get panNumber(): Locator {
    return this.root
      .locator('dt', { hasText: 'PAN number' })
      .locator('xpath=following-sibling::dd[1]');
  }
  /** 'Earlier submissions (n)': the user's kept earlier attempts (ADR 041), if any. */
  get earlierSubmissions(): Locator {
    return this.root.getByRole('region', { name: /^Earlier submissions/ });
  }
  /** One earlier attempt each: status, dates, reason, numbers and document links. */
  get earlierSubmission(): Locator {
    return this.earlierSubmissions.locator('[data-earlier-submission]');
  }
  /** The document links of one earlier attempt, in the order the review shows documents. */
  earlierDocumentLinks(submission: Locator): Locator {
    return submission.getByRole('list', { name: 'Documents' }).getByRole('link');
  }
  get approve(): Locator {
    return this.root.getByRole('button', { name: 'Approve', exact: true });
  }
  get reject(): Locator {
    return this.root.getByRole('button', { name: 'Reject', exact: true });
  }
  get confirmReject(): Locator {
    return this.root.getByRole('button', { name: 'Confirm Reject' });
  }
  get reason(): Locator {
    return this.root.getByLabel('Reason for rejection');
  }
  get cancel(): Locator {
    return this.root.getByRole('button', { name: 'Cancel', exact: true });
  }
  /** True once the image has loaded and decoded (not a broken image). */
  imageLoaded(alt: string): Promise<boolean> {
    return this.image(alt).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
  }
}
