import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { EMPTY_FREEZE, validateFreeze } from './freeze-validation.ts';

describe('the freeze form', () => {
  it('asks for the current password when it is empty', () => {
    expect(validateFreeze(EMPTY_FREEZE)).toEqual({
      currentPassword: messages.security.currentPasswordRequired,
    });
  });
  it('passes any password typed (only the server knows whether it is right)', () => {
    expect(validateFreeze({ currentPassword: 'x' })).toEqual({});
    expect(validateFreeze({ currentPassword: ' my passphrase ' })).toEqual({});
  });
});
