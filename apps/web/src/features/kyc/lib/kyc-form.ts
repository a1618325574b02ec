import {
  KYC_IMAGE_MAX_BYTES,
  KYC_PDF_MAX_BYTES,
  aadharNumberSchema,
  accountNumberSchema,
  bankNameSchema,
  ifscCodeSchema,
  kycDocumentLabels,
  kycRequiredOrder,
  messages,
  panNumberSchema,
  type DocumentKind,
} from '@sikka/contracts';

/** One item of the individual form, in the spec's required-item order (PRODUCT.md §5). */
export type KycField = (typeof kycRequiredOrder)[number];
export type KycErrors = Partial<Record<KycField, string>>;

export interface BankDetails {
  accountNumber: string;
  ifscCode: string;
  bankName: string;
}

/** Individual KYC submission, the spec's shape (PRODUCT.md §3). */
export interface IndividualKyc {
  type: 'individual';
  aadharNumber: string;
  aadharFront: File | null;
  aadharBack: File | null;
  panNumber: string;
  panFront: File | null;
  bankDetails: BankDetails;
  bankStatement: File | null;
  selfie: File | null;
}

export interface CorporateDirector {
  fullName: string;
  aadharNumber: string;
  aadharFront: File | null;
  aadharBack: File | null;
  panNumber: string;
  panFront: File | null;
  selfie: File | null;
}

/**
 * Corporate KYC submission, kept in the spec's shape (PRODUCT.md §3) though no form edits it
 * yet: "Only the individual form is shown", and the server refuses corporate submissions.
 */
export interface CorporateKyc {
  type: 'corporate';
  directors: CorporateDirector[];
  companyDetails: {
    name: string;
    cinNumber: string;
    cinCertificate: File | null;
    panNumber: string;
    panCard: File | null;
    tanNumber: string;
    aoa: File | null;
    moa: File | null;
    boardResolution: File | null;
  };
  bankDetails: BankDetails;
  bankStatement: File | null;
}

export const EMPTY_BANK_DETAILS: BankDetails = { accountNumber: '', ifscCode: '', bankName: '' };

export const INITIAL_INDIVIDUAL_KYC: IndividualKyc = {
  type: 'individual',
  aadharNumber: '',
  aadharFront: null,
  aadharBack: null,
  panNumber: '',
  panFront: null,
  bankDetails: EMPTY_BANK_DETAILS,
  bankStatement: null,
  selfie: null,
};

export const INITIAL_CORPORATE_KYC: CorporateKyc = {
  type: 'corporate',
  directors: [],
  companyDetails: {
    name: '',
    cinNumber: '',
    cinCertificate: null,
    panNumber: '',
    panCard: null,
    tanNumber: '',
    aoa: null,
    moa: null,
    boardResolution: null,
  },
  bankDetails: EMPTY_BANK_DETAILS,
  bankStatement: null,
};

/** The value of one form item, text or file, wherever it sits in the spec's shape. */
export function fieldValue(state: IndividualKyc, field: KycField): string | File | null {
  switch (field) {
    case 'accountNumber':
    case 'ifscCode':
    case 'bankName':
      return state.bankDetails[field];
    default:
      return state[field];
  }
}

/** The spec's "{item} is required" messages for every missing item, in the spec's order. */
export function missingItems(state: IndividualKyc): KycErrors {
  const errors: KycErrors = {};
  for (const field of kycRequiredOrder) {
    const value = fieldValue(state, field);
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      errors[field] = messages.kyc.required[field];
    }
  }
  return errors;
}

const formatSchemas = {
  aadharNumber: aadharNumberSchema,
  panNumber: panNumberSchema,
  accountNumber: accountNumberSchema,
  ifscCode: ifscCodeSchema,
  bankName: bankNameSchema,
} as const;

/**
 * Format problems of the filled-in text items, with the server's own schemas (Aadhaar 12 digits
 * and its Verhoeff check digit, PAN, IFSC, account number, bank name), so the hint next to a
 * field says exactly what the server would.
 */
export function formatErrors(state: IndividualKyc): KycErrors {
  const errors: KycErrors = {};
  for (const [field, schema] of Object.entries(formatSchemas) as Array<
    [keyof typeof formatSchemas, (typeof formatSchemas)[keyof typeof formatSchemas]]
  >) {
    const value = fieldValue(state, field);
    if (typeof value !== 'string' || value.trim() === '') continue;
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message;
  }
  return errors;
}

/** Every problem of the form: missing items first, then formats of what is filled in. */
export function validateIndividualKyc(state: IndividualKyc): KycErrors {
  return { ...formatErrors(state), ...missingItems(state) };
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Whether a picked file can go into a slot: ID, PAN and selfie take images only, the bank
 * statement PDF only (PRODUCT.md §5), within the server's size limits. '' when it can.
 * The server checks the bytes again; this only saves a pointless upload.
 */
export function fileProblem(kind: DocumentKind, file: File): string {
  if (kind === 'bankStatement') {
    const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    if (!isPdf) return messages.kyc.pdfType;
    if (file.size > KYC_PDF_MAX_BYTES) return messages.kyc.pdfTooLarge;
    return '';
  }
  const label = kycDocumentLabels[kind];
  if (!IMAGE_TYPES.has(file.type)) return messages.kyc.imageType(label);
  if (file.size > KYC_IMAGE_MAX_BYTES) return messages.kyc.imageTooLarge(label);
  return '';
}

/** The multipart body of POST /api/kyc. Files are sent only when present. */
export function toKycFormData(state: IndividualKyc): FormData {
  const form = new FormData();
  form.set('type', state.type);
  form.set('aadharNumber', state.aadharNumber.trim());
  form.set('panNumber', state.panNumber.trim());
  form.set('accountNumber', state.bankDetails.accountNumber.trim());
  form.set('ifscCode', state.bankDetails.ifscCode.trim());
  form.set('bankName', state.bankDetails.bankName.trim());
  const files: Array<[DocumentKind, File | null]> = [
    ['aadharFront', state.aadharFront],
    ['aadharBack', state.aadharBack],
    ['panFront', state.panFront],
    ['bankStatement', state.bankStatement],
    ['selfie', state.selfie],
  ];
  for (const [kind, file] of files) if (file) form.set(kind, file, file.name);
  return form;
}

/** Server field errors (`fields` of a 400) that belong to a form item. */
export function pickKycFieldErrors(fields: Readonly<Record<string, string>>): KycErrors {
  const errors: KycErrors = {};
  for (const field of kycRequiredOrder) if (fields[field]) errors[field] = fields[field];
  return errors;
}

/** '1.2 MB', '340 KB': file sizes in previews. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
