import { describe, expect, it } from 'vitest';
import {
  EMPTY_SIGNUP,
  validateSignup,
  type SignupField,
  type SignupValues,
} from './signup-validation.ts';

/** What the form shows for the field just changed (it re-checks only that one). */
const validateSignupField = (values: SignupValues, field: SignupField) =>
  validateSignup(values)[field];

const valid = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  password: 'long enough',
  terms: true,
};

describe('sign-up validation', () => {
  it('gives every message of the spec, word for word, for an empty form', () => {
    expect(validateSignup(EMPTY_SIGNUP)).toEqual({
      fullName: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
      password: 'Password must be at least 8 characters',
      terms: 'You must accept the terms and conditions',
    });
  });

  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it('checks one field at a time on change', () => {
    const values = { ...EMPTY_SIGNUP, fullName: 'A' };
    expect(validateSignupField(values, 'fullName')).toBe('Full name must be at least 2 characters');
    expect(validateSignupField({ ...values, fullName: 'Al' }, 'fullName')).toBeUndefined();
    expect(validateSignupField({ ...valid, phone: '12345' }, 'phone')).toBe(
      'Phone number must be at least 10 digits',
    );
    expect(validateSignupField({ ...valid, password: '1234567' }, 'password')).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateSignupField({ ...valid, email: 'a@b' }, 'email')).toBe(
      'Please enter a valid email address',
    );
    expect(validateSignupField({ ...valid, terms: false }, 'terms')).toBe(
      'You must accept the terms and conditions',
    );
  });
});
