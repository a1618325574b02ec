import { describe, expect, it } from 'vitest';
import { kycRequiredOrder } from './kyc.ts';
import { messages } from './messages.ts';

describe('user-facing messages', () => {
  // The one place the spec's wording is written out; every other test reads `messages`.
  it('lists the spec’s ten KYC required-item messages, word for word, in order (PRODUCT.md §5)', () => {
    expect(kycRequiredOrder.map((field) => messages.kyc.required[field])).toEqual([
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
    ]);
  });
});
