import { describe, expect, it } from 'vitest';
import {
  assetsText,
  chainDepositAmount,
  chainDepositStatus,
  cutDecimals,
  networksFor,
} from './crypto-deposit.ts';

describe('the crypto deposit page rules', () => {
  it('offers Bitcoin networks for BTC and the server chain for USDT and ETH', () => {
    expect(networksFor('BTC', 'Ethereum').map((n) => n.label)).toEqual([
      'Bitcoin Network',
      'Lightning Network',
    ]);
    expect(networksFor('USDT', 'Ethereum (local dev chain)')).toEqual([
      { value: 'evm', label: 'Ethereum (local dev chain)' },
    ]);
    expect(networksFor('ETH', 'Ethereum')).toEqual([{ value: 'evm', label: 'Ethereum' }]);
  });

  it('names what the address takes, USDT as the ERC-20 token', () => {
    expect(assetsText(['USDT'])).toBe('USDT (ERC-20)');
    expect(assetsText(['USDT', 'ETH'])).toBe('USDT (ERC-20) or ETH');
  });

  it('reads statuses as words, pending with its confirmations (never past the need)', () => {
    expect(
      chainDepositStatus({ status: 'pending', confirmations: 1, requiredConfirmations: 3 }),
    ).toEqual({ text: 'Pending', detail: '1/3 confirmations', tone: 'warning' });
    expect(
      chainDepositStatus({ status: 'pending', confirmations: 5, requiredConfirmations: 3 }).detail,
    ).toBe('3/3 confirmations');
    expect(
      chainDepositStatus({ status: 'credited', confirmations: 3, requiredConfirmations: 3 }).text,
    ).toBe('Credited');
    expect(
      chainDepositStatus({ status: 'orphaned', confirmations: 0, requiredConfirmations: 3 }),
    ).toMatchObject({ text: 'Orphaned', detail: 'Dropped by a chain reorganisation' });
    expect(
      chainDepositStatus({ status: 'unsupported', confirmations: 3, requiredConfirmations: 3 })
        .text,
    ).toBe('Unsupported');
  });

  it('cuts decimals as strings, never rounding up', () => {
    expect(cutDecimals('0.123456789999999999', 8)).toBe('0.12345678');
    expect(cutDecimals('100', 8)).toBe('100');
    expect(cutDecimals('100.5', 8)).toBe('100.5');
    expect(cutDecimals('1.000000000', 0)).toBe('1');
  });

  it('shows the credited amount once credited, else the amount sent', () => {
    expect(
      chainDepositAmount({
        asset: 'ETH',
        amount: '0.100000000000000009',
        status: 'credited',
        creditedAmount: '0.10000000',
      }),
    ).toBe('0.10 ETH');
    // A server without creditedAmount yet: the amount, cut to the wallet's places.
    expect(chainDepositAmount({ asset: 'ETH', amount: '0.123456789999', status: 'credited' })).toBe(
      '0.12345678 ETH',
    );
    expect(
      chainDepositAmount({
        asset: 'USDT',
        amount: '123456.5',
        status: 'pending',
        creditedAmount: null,
      }),
    ).toBe('1,23,456.50 USDT');
  });
});
