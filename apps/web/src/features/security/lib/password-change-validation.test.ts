import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import {
  CONFIRM_REQUIRED,
  EMPTY_PASSWORD_CHANGE,
  PASSWORDS_DIFFER,
  validatePasswordChange,
} from './password-change-validation.ts';

describe('the change-password form', () => {
  it('asks for every field when empty', () => {
    expect(validatePasswordChange(EMPTY_PASSWORD_CHANGE)).toEqual({
      currentPassword: messages.security.currentPasswordRequired,
      newPassword: messages.signup.passwordMin,
      confirmPassword: CONFIRM_REQUIRED,
    });
  });
  it('applies the sign-up rule to the new password and checks the confirmation', () => {
    expect(
      validatePasswordChange({
        currentPassword: 'old-password',
        newPassword: 'short',
        confirmPassword: 'shorter',
      }),
    ).toEqual({ newPassword: messages.signup.passwordMin, confirmPassword: PASSWORDS_DIFFER });
  });
  it('passes a good change', () => {
    expect(
      validatePasswordChange({
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
        confirmPassword: 'new-password-1',
      }),
    ).toEqual({});
  });
});
