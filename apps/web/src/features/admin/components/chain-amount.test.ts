import { describe, expect, it } from 'vitest';
import { formatChainAmount, shortHash } from './chain-amount.ts';

describe('coin amounts in the crypto withdrawals tab', () => {
  it('groups en-IN from the decimal string, 2 to 8 places', () => {
    expect(formatChainAmount('25.000000', 'USDT')).toBe('25.00 USDT');
    expect(formatChainAmount('123456.5', 'USDT')).toBe('1,23,456.50 USDT');
    expect(formatChainAmount('0.00050000', 'ETH')).toBe('0.0005 ETH');
    expect(formatChainAmount('1e3', 'ETH')).toBe('N/A');
  });
  it('shortens a hash to its ends', () => {
    const hash = `0x${'ab'.repeat(31)}cd`;
    expect(shortHash(hash)).toBe('0xababab…ababcd');
    expect(shortHash('0x1234')).toBe('0x1234');
  });
});
