import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import {
  linkToken,
  PASSWORDS_DIFFER,
  validateForgot,
  validateReset,
} from './password-reset-validation.ts';

describe('password reset forms', () => {
  it('wants a valid e-mail to send a link to', () => {
    expect(validateForgot({ email: 'asha@' })).toEqual({ email: messages.signup.emailInvalid });
    expect(validateForgot({ email: ' asha@example.com ' })).toEqual({});
  });

  it('checks the new password by the sign-up rule, then the confirmation', () => {
    expect(validateReset({ password: 'short', confirm: 'short' })).toEqual({
      password: messages.signup.passwordMin,
    });
    expect(validateReset({ password: 'long enough pass', confirm: 'long enough' })).toEqual({
      confirm: PASSWORDS_DIFFER,
    });
    expect(validateReset({ password: 'long enough pass', confirm: 'long enough pass' })).toEqual(
      {},
    );
  });

  it("reads the link's token", () => {
    expect(linkToken(new URLSearchParams('token=abc_DEF-123'))).toBe('abc_DEF-123');
    expect(linkToken(new URLSearchParams(''))).toBe('');
  });
});
