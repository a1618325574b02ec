import { describe, expect, it } from 'vitest';
import {
  KYC_IMAGE_MAX_BYTES,
  kycRequiredOrder,
  messages,
  verhoeffCheckDigit,
} from '@sikka/contracts';
import {
  fileProblem,
  formatErrors,
  INITIAL_CORPORATE_KYC,
  INITIAL_INDIVIDUAL_KYC,
  missingItems,
  pickKycFieldErrors,
  toKycFormData,
  validateIndividualKyc,
  type IndividualKyc,
} from './kyc-form.ts';

const png = (name = 'front.png', size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const pdf = (name = 'statement.pdf') =>
  new File([new Uint8Array(10)], name, { type: 'application/pdf' });

const aadhaar = (() => {
  const body = '23412341234';
  return body + verhoeffCheckDigit(body);
})();

const complete: IndividualKyc = {
  type: 'individual',
  aadharNumber: aadhaar,
  aadharFront: png('front.png'),
  aadharBack: png('back.png'),
  panNumber: 'ABCPE1234F',
  panFront: png('pan.png'),
  bankDetails: { accountNumber: '123456789012', ifscCode: 'SBIN0001234', bankName: 'SBI' },
  bankStatement: pdf(),
  selfie: new File([new Uint8Array(10)], 'selfie.jpg', { type: 'image/jpeg' }),
};

describe('missingItems', () => {
  it('lists the ten spec messages, in the spec order, for an empty form', () => {
    // The wording itself is pinned once, in packages/contracts/src/messages.test.ts.
    expect(Object.values(missingItems(INITIAL_INDIVIDUAL_KYC))).toEqual(
      kycRequiredOrder.map((field) => messages.kyc.required[field]),
    );
  });

  it('counts blanks as missing and nothing for a complete form', () => {
    expect(missingItems({ ...complete, panNumber: '   ' })).toEqual({
      panNumber: messages.kyc.required.panNumber,
    });
    expect(missingItems(complete)).toEqual({});
  });
});

describe('formatErrors', () => {
  it("uses the server's rules: Aadhaar 12 digits with its check digit, PAN, IFSC", () => {
    const bad = {
      ...complete,
      aadharNumber: '1234',
      panNumber: 'ABC12',
      bankDetails: { ...complete.bankDetails, ifscCode: 'SBIN123' },
    };
    expect(formatErrors(bad)).toEqual({
      aadharNumber: messages.kyc.aadharFormat,
      panNumber: messages.kyc.panFormat,
      ifscCode: messages.kyc.ifscFormat,
    });
    const wrongCheckDigit = aadhaar.slice(0, 11) + ((Number(aadhaar[11]) + 1) % 10);
    expect(formatErrors({ ...complete, aadharNumber: wrongCheckDigit })).toEqual({
      aadharNumber: messages.kyc.aadharChecksum,
    });
    // A company's PAN (4th letter C) is not an individual's (P).
    expect(formatErrors({ ...complete, panNumber: 'AAACR1234K' })).toEqual({
      panNumber: messages.kyc.panFormat,
    });
  });

  it('accepts lower-case PAN and IFSC and spaced Aadhaar, as the server does', () => {
    const typed = {
      ...complete,
      aadharNumber: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`,
      panNumber: 'abcpe1234f',
      bankDetails: { ...complete.bankDetails, ifscCode: 'sbin0001234' },
    };
    expect(validateIndividualKyc(typed)).toEqual({});
  });
});

describe('fileProblem', () => {
  it('takes images only for ID, PAN and selfie, and PDF only for the statement', () => {
    expect(fileProblem('aadharFront', png())).toBe('');
    expect(fileProblem('aadharFront', pdf())).toBe(messages.kyc.imageType('Aadhar front image'));
    expect(fileProblem('bankStatement', pdf())).toBe('');
    expect(fileProblem('bankStatement', png())).toBe(messages.kyc.pdfType);
    expect(fileProblem('panFront', png('big.png', KYC_IMAGE_MAX_BYTES + 1))).toBe(
      messages.kyc.imageTooLarge('PAN card image'),
    );
  });
});

describe('toKycFormData', () => {
  it('sends the text fields trimmed and only the files that are present', () => {
    const form = toKycFormData({ ...complete, bankStatement: null, panNumber: ' ABCPE1234F ' });
    expect(form.get('type')).toBe('individual');
    expect(form.get('panNumber')).toBe('ABCPE1234F');
    expect(form.get('ifscCode')).toBe('SBIN0001234');
    expect(form.has('bankStatement')).toBe(false);
    const selfie = form.get('selfie');
    expect(selfie instanceof File && selfie.name).toBe('selfie.jpg');
  });
});

describe('pickKycFieldErrors', () => {
  it('keeps the server messages that belong to a form item', () => {
    expect(pickKycFieldErrors({ panNumber: 'bad', type: 'nope', other: 'x' })).toEqual({
      panNumber: 'bad',
    });
  });
});

it('keeps the corporate state in the spec shape', () => {
  expect(Object.keys(INITIAL_CORPORATE_KYC)).toEqual([
    'type',
    'directors',
    'companyDetails',
    'bankDetails',
    'bankStatement',
  ]);
  expect(Object.keys(INITIAL_CORPORATE_KYC.companyDetails)).toEqual([
    'name',
    'cinNumber',
    'cinCertificate',
    'panNumber',
    'panCard',
    'tanNumber',
    'aoa',
    'moa',
    'boardResolution',
  ]);
});
