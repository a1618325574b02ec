import { describe, expect, it } from 'vitest';
import {
  aadharNumberSchema,
  ifscCodeSchema,
  isValidVerhoeff,
  kycIndividualFieldsSchema,
  messages,
  panNumberSchema,
  verhoeffCheckDigit,
} from '@sikka/contracts';

/** The field rules live in contracts so the web form shows the same messages before sending. */
describe('KYC field rules', () => {
  it('computes and checks Verhoeff check digits (published examples)', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(isValidVerhoeff('2363')).toBe(true);
    expect(isValidVerhoeff('2364')).toBe(false);
    // Aadhaar numbers published as valid samples.
    for (const n of ['234123412346', '999941057058', '499118665246'])
      expect(isValidVerhoeff(n), n).toBe(true);
  });

  it('catches every single-digit typo and every swap of neighbouring digits in an Aadhaar number', () => {
    const good = '234123412346';
    for (let i = 0; i < 12; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === good[i]) continue;
        const typo = good.slice(0, i) + d + good.slice(i + 1);
        expect(isValidVerhoeff(typo), typo).toBe(false);
      }
      if (i < 11 && good[i] !== good[i + 1]) {
        const swapped = good.slice(0, i) + good[i + 1] + good[i] + good.slice(i + 2);
        expect(isValidVerhoeff(swapped), swapped).toBe(false);
      }
    }
  });

  it('reads Aadhaar with spaces or hyphens, and refuses 0/1 first digits and bad check digits', () => {
    expect(aadharNumberSchema.parse(' 2341 2341-2346 ')).toBe('234123412346');
    expect(aadharNumberSchema.safeParse('134123412346').error?.issues[0]?.message).toBe(
      messages.kyc.aadharFormat,
    );
    expect(aadharNumberSchema.safeParse('234123412345').error?.issues[0]?.message).toBe(
      messages.kyc.aadharChecksum,
    );
    expect(aadharNumberSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Aadhar number is required',
    );
  });

  it('upper-cases and checks PAN and IFSC', () => {
    expect(panNumberSchema.parse(' abcpe1234k ')).toBe('ABCPE1234K');
    for (const bad of ['ABCPE1234', 'ABCP01234K', 'ABCPE12345', 'ABCPE-1234K']) {
      expect(panNumberSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        messages.kyc.panFormat,
      );
    }
    expect(ifscCodeSchema.parse('sbin0001234')).toBe('SBIN0001234');
    for (const bad of ['SBIN1001234', 'SBIN000123', 'SB1N0001234', 'SBIN0001234X']) {
      expect(ifscCodeSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        messages.kyc.ifscFormat,
      );
    }
  });

  it('reports every missing field with the spec message', () => {
    const result = kycIndividualFieldsSchema.safeParse({});
    const byField = Object.fromEntries(
      result.error!.issues.map((i) => [String(i.path[0]), i.message]),
    );
    expect(byField).toEqual({
      aadharNumber: 'Aadhar number is required',
      panNumber: 'PAN number is required',
      accountNumber: 'Bank account number is required',
      ifscCode: 'IFSC code is required',
      bankName: 'Bank name is required',
    });
  });
});
