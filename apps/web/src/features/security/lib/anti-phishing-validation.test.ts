import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import {
  antiPhishingRequest,
  EMPTY_ANTI_PHISHING,
  validateAntiPhishingCode,
} from './anti-phishing-validation.ts';

describe('the anti-phishing code form', () => {
  it('asks for a code when empty', () => {
    expect(validateAntiPhishingCode(EMPTY_ANTI_PHISHING)).toEqual({
      code: messages.security.antiPhishingCodeFormat,
    });
  });
  it('refuses too short, too long, spaces inside and anything but letters and digits', () => {
    for (const code of ['ab', 'abc', 'a'.repeat(21), 'SIKKA 42', 'sikka-42', '<b>code</b>']) {
      expect(validateAntiPhishingCode({ code })).toEqual({
        code: messages.security.antiPhishingCodeFormat,
      });
    }
  });
  it('passes 4 to 20 letters and digits, and sends them without the spaces around', () => {
    expect(validateAntiPhishingCode({ code: 'Tiger42' })).toEqual({});
    expect(validateAntiPhishingCode({ code: 'A1b2C3d4E5f6G7h8I9j0' })).toEqual({});
    expect(validateAntiPhishingCode({ code: '  Tiger42 ' })).toEqual({});
    expect(antiPhishingRequest({ code: '  Tiger42 ' })).toEqual({ code: 'Tiger42' });
  });
});
