import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { serverFieldErrors } from './form-errors.ts';

describe('server field errors', () => {
  it('keeps only the fields the form has a box for, in the server order', () => {
    const err = new ApiError(400, 'validation_error', 'Invalid', {
      utrNumber: 'UTR taken',
      captcha: 'x',
      amount: 'Too small',
    });
    const errors = serverFieldErrors(err, ['amount', 'utrNumber']);
    expect(errors).toEqual({ utrNumber: 'UTR taken', amount: 'Too small' });
    // A toast shows the first one: the server's first, not the form's.
    expect(Object.values(errors)[0]).toBe('UTR taken');
  });

  it('has none for a failure that is not a server answer', () => {
    expect(serverFieldErrors(new Error('offline'), ['amount'])).toEqual({});
    expect(serverFieldErrors(new ApiError(403, 'kyc_required', 'KYC first'), ['amount'])).toEqual(
      {},
    );
  });
});
