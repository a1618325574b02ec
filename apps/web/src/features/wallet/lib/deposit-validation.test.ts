import { describe, expect, it } from 'vitest';
import { createDepositRequestSchema, messages } from '@sikka/contracts';
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
    // The server has always answered a negative amount with the minimum (its deposits
    // test); the form now says the same instead of 'must be a number'.
    expect(validateDeposit({ amount: '-500', utrNumber }).amount).toBe(messages.deposits.amountMin);
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

/** What the server answers per field: the request schema it parses POST /api/deposits with. */
function serverMessages(body: { amount: string; utrNumber: string }): Record<string, string> {
  const result = createDepositRequestSchema.safeParse(body);
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]);
    out[field] ??= issue.message;
  }
  return out;
}

describe('the deposit form and the server give one input one message', () => {
  const amounts = [
    '',
    '   ',
    'abc',
    '1e3',
    '12,000',
    '0x10',
    'NaN',
    '-500',
    '-0',
    '0',
    '0.00',
    '.5',
    '12.',
    '99',
    '99.99',
    '100',
    ' 100 ',
    '100.5',
    '150.555',
    '2500.50',
    '1000000',
    '1000000.00',
    '1000000.01',
    '1000001',
    '9'.repeat(50),
  ];

  it.each(amounts)('amount %j', (amount) => {
    expect(validateDeposit({ amount, utrNumber }).amount).toBe(
      serverMessages({ amount, utrNumber }).amount,
    );
  });

  const utrs = ['', '   ', 'HDFC00012345', '412345678901', ' sbin0000123456 '];
  it.each(utrs)('UTR %j', (utr) => {
    expect(validateDeposit({ amount: '500', utrNumber: utr }).utrNumber).toBe(
      serverMessages({ amount: '500', utrNumber: utr }).utrNumber,
    );
  });

  it('leaves only the UTR format to the server, whose message then shows under the field', () => {
    for (const utr of ['X', 'ABC12', 'HDFC-0001234', '1'.repeat(23)]) {
      expect(validateDeposit({ amount: '500', utrNumber: utr })).toEqual({});
      expect(serverMessages({ amount: '500', utrNumber: utr })).toEqual({
        utrNumber: messages.deposits.utrInvalid,
      });
    }
  });
});
