import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { validateDeposit } from './deposit-validation.ts';

const utrNumber = 'HDFC00012345';

describe('INR deposit form rules', () => {
  it('accepts ₹100 to ₹10,00,000 with a UTR', () => {
    expect(validateDeposit({ amount: '100', utrNumber })).toEqual({});
    expect(validateDeposit({ amount: '1000000.00', utrNumber })).toEqual({});
    expect(validateDeposit({ amount: '2500.50', utrNumber })).toEqual({});
  });

  it('gives each rule its own message', () => {
    expect(validateDeposit({ amount: '', utrNumber: '' })).toEqual({
      amount: messages.deposits.amountRequired,
      utrNumber: messages.deposits.utrRequired,
    });
    expect(validateDeposit({ amount: '1e3', utrNumber }).amount).toBe(
      messages.deposits.amountNumeric,
    );
    expect(validateDeposit({ amount: 'abc', utrNumber }).amount).toBe(
      messages.deposits.amountNumeric,
    );
    expect(validateDeposit({ amount: '-500', utrNumber }).amount).toBe(
      messages.deposits.amountNumeric,
    );
    expect(validateDeposit({ amount: '99.99', utrNumber }).amount).toBe(
      messages.deposits.amountMin,
    );
    expect(validateDeposit({ amount: '1000000.01', utrNumber }).amount).toBe(
      messages.deposits.amountMax,
    );
    expect(validateDeposit({ amount: '150.555', utrNumber }).amount).toBe(
      messages.deposits.amountDecimals,
    );
    expect(validateDeposit({ amount: '500', utrNumber: '   ' }).utrNumber).toBe(
      messages.deposits.utrRequired,
    );
  });
});
