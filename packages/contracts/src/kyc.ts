import { z } from 'zod';
import { messages } from './messages.ts';
import { userSchema, type DocumentKind } from './user.ts';

const m = messages.kyc;

/** Upload limits (DESIGN.md §6). Bytes, pixels. */
export const KYC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Decoding more pixels than this is refused before any pixel is decoded (decompression bombs). */
export const KYC_IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images are re-encoded to at most this many pixels on their longest side. */
export const KYC_IMAGE_MAX_SIDE = 2000;
/** The individual form has at most five files (PRODUCT.md §3). */
export const KYC_MAX_FILES = 5;

export const kycTypes = ['individual', 'corporate'] as const;
export type KycType = (typeof kycTypes)[number];

/** Multipart text fields of POST /api/kyc, in the order the spec lists its required items. */
export const kycTextFields = [
  'aadharNumber',
  'panNumber',
  'accountNumber',
  'ifscCode',
  'bankName',
] as const;
export type KycTextField = (typeof kycTextFields)[number];

/** The spec's required-item order (PRODUCT.md §5): errors are listed one per line in this order. */
export const kycRequiredOrder = [
  'aadharNumber',
  'aadharFront',
  'aadharBack',
  'panNumber',
  'panFront',
  'selfie',
  'accountNumber',
  'ifscCode',
  'bankName',
  'bankStatement',
] as const satisfies ReadonlyArray<keyof typeof messages.kyc.required>;

/** Labels used in per-file messages ("Aadhar front image must be at most 5 MB"). */
export const kycDocumentLabels: Record<DocumentKind, string> = {
  aadharFront: 'Aadhar front image',
  aadharBack: 'Aadhar back image',
  panFront: 'PAN card image',
  bankStatement: 'Bank statement',
  selfie: 'Selfie',
};

/** The image kinds (JPEG/PNG/WebP in, JPEG stored); the bank statement is the one PDF. */
export const kycImageKinds = [
  'aadharFront',
  'aadharBack',
  'panFront',
  'selfie',
] as const satisfies readonly DocumentKind[];

// Verhoeff dihedral-group tables, as used by UIDAI for the Aadhaar check digit.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffC(digits: string, offset: number): number {
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i += 1) {
    const digit = digits.charCodeAt(n - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** True when the last digit of `digits` is the Verhoeff check digit of the rest. */
export function isValidVerhoeff(digits: string): boolean {
  return /^[0-9]+$/.test(digits) && verhoeffC(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new Error('digits only');
  return INV[verhoeffC(digits, 1)]!;
}

/** Spaces and hyphens people type between digit groups are ignored. */
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** Each field: blank → the spec's "is required" message; otherwise the format rule's message. */
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const aadharNumberSchema = required(m.required.aadharNumber)
  .transform(digitsOnly)
  .pipe(
    z
      .string()
      .regex(/^[2-9][0-9]{11}$/, { error: m.aadharFormat })
      .refine(isValidVerhoeff, { error: m.aadharChecksum }),
  );

/**
 * An individual's PAN: five letters, four digits, a letter, where the fourth letter is the
 * holder's type and 'P' means a person. A company's (C), firm's (F), trust's (T) or HUF's (H)
 * PAN is refused: this is the individual form, and a business has its own KYC.
 */
export const panNumberSchema = required(m.required.panNumber)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/, { error: m.panFormat }));

export const ifscCodeSchema = required(m.required.ifscCode)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, { error: m.ifscFormat }));

export const accountNumberSchema = required(m.required.accountNumber)
  .transform(digitsOnly)
  .pipe(z.string().regex(/^[0-9]{9,18}$/, { error: m.accountNumberFormat }));

export const bankNameSchema = required(m.required.bankName).pipe(
  z.string().min(2, { error: m.bankNameLength }).max(100, { error: m.bankNameLength }),
);

/** The text part of an individual submission; files travel as multipart parts beside it. */
export const kycIndividualFieldsSchema = z.object({
  aadharNumber: aadharNumberSchema,
  panNumber: panNumberSchema,
  accountNumber: accountNumberSchema,
  ifscCode: ifscCodeSchema,
  bankName: bankNameSchema,
});
export type KycIndividualFields = z.infer<typeof kycIndividualFieldsSchema>;

/**
 * One PAN and one Aadhaar verify one Sikka account (ADR 039): a submission naming a PAN or an
 * Aadhaar that another account has submitted or verified is refused (409) with these, under
 * the field.
 */
export const kycIdentityMessages = {
  panTaken: 'This PAN is already linked to another Sikka account',
  aadhaarTaken: 'This Aadhaar is already linked to another Sikka account',
} as const;

export const kycSubmitResponseSchema = z.object({ user: userSchema });
export type KycSubmitResponse = z.infer<typeof kycSubmitResponseSchema>;

/**
 * GET /api/kyc/documents/:userId/:kind — the file, to its owner or the admin. With
 * `submission` (an earlier submission's id, ADR 041), that submission's file, to the admin only.
 */
export const kycDocumentPath = (userId: string, kind: DocumentKind, submission?: string) =>
  `/api/kyc/documents/${encodeURIComponent(userId)}/${kind}` +
  (submission ? `?submission=${encodeURIComponent(submission)}` : '');
