import { describe, expect, it } from 'vitest';
import { messages, type ChainAssetState } from '@sikka/contracts';
import {
  chainStatusLabel,
  formatCoin,
  isEvmAddressShape,
  maxWithdrawable,
  shortHex,
  toRequest,
  validateCryptoWithdraw,
  withdrawPreview,
  type CryptoWithdrawValues,
} from './crypto-withdraw.ts';

const usdt: ChainAssetState = {
  asset: 'USDT',
  available: '100',
  held: '0',
  fee: '1',
  minimum: '10',
  dailyLimit: '50000',
  usedToday: '0',
  remainingToday: '50000',
  places: 6,
};
const eth: ChainAssetState = {
  asset: 'ETH',
  available: '0.01',
  held: '0',
  fee: '0.0005',
  minimum: '0.005',
  dailyLimit: '20',
  usedToday: '0',
  remainingToday: '20',
  places: 8,
};
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const valid: CryptoWithdrawValues = {
  address: ADDRESS,
  amount: '25',
  beneficiaryKind: 'own',
  beneficiaryName: '',
};

describe('the address check', () => {
  it('takes 0x and 40 hex characters in any case, and nothing else', () => {
    expect(isEvmAddressShape(ADDRESS)).toBe(true);
    expect(isEvmAddressShape(ADDRESS.toLowerCase())).toBe(true);
    expect(isEvmAddressShape(` ${ADDRESS} `)).toBe(true);
    expect(isEvmAddressShape(ADDRESS.slice(0, -1))).toBe(false);
    expect(isEvmAddressShape(`${ADDRESS}0`)).toBe(false);
    expect(isEvmAddressShape(ADDRESS.replace('0x', '0X'))).toBe(false);
    expect(isEvmAddressShape(ADDRESS.replace('E7', 'G7'))).toBe(false);
    expect(isEvmAddressShape('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh')).toBe(false);
  });
});

describe('Max', () => {
  it('is the available balance less the fee', () => {
    expect(maxWithdrawable(usdt)).toBe('99');
    expect(maxWithdrawable({ ...usdt, available: '26.123456' })).toBe('25.123456');
    expect(maxWithdrawable(eth)).toBe('0.0095');
  });
  it('is 0, never negative, when the fee is all there is or more', () => {
    expect(maxWithdrawable({ ...usdt, available: '1' })).toBe('0');
    expect(maxWithdrawable({ ...usdt, available: '0.5' })).toBe('0');
    expect(maxWithdrawable({ ...usdt, available: '0' })).toBe('0');
  });
  it("stops at what is left of today's limit", () => {
    expect(maxWithdrawable({ ...usdt, available: '80000', remainingToday: '30' })).toBe('30');
  });
  it('cuts an 8-place balance down to the asset places, never up', () => {
    expect(maxWithdrawable({ ...usdt, available: '11.99999999' })).toBe('10.999999');
  });
});

describe('the preview', () => {
  it('sends amount + fee and delivers the amount, exactly', () => {
    expect(withdrawPreview('25', '1', 6)).toEqual({ send: '26.000000', receive: '25.000000' });
    expect(withdrawPreview('0.1', '0.0005', 8)).toEqual({
      send: '0.10050000',
      receive: '0.10000000',
    });
    // A float would say 0.30000000000000004.
    expect(withdrawPreview('0.2', '0.1', 8)?.send).toBe('0.30000000');
  });
  it('has nothing to show for an empty, half-typed zero or zero amount', () => {
    expect(withdrawPreview('', '1', 6)).toBeNull();
    expect(withdrawPreview('0', '1', 6)).toBeNull();
    expect(withdrawPreview('.', '1', 6)).toBeNull();
  });
  it('reads a half-typed amount', () => {
    expect(withdrawPreview('12.', '1', 6)).toEqual({ send: '13.000000', receive: '12.000000' });
  });
});

describe('the form check', () => {
  it('passes good values', () => {
    expect(validateCryptoWithdraw(valid, usdt)).toEqual({});
    expect(
      validateCryptoWithdraw(
        { ...valid, beneficiaryKind: 'third_party', beneficiaryName: 'Asha Rao' },
        usdt,
      ),
    ).toEqual({});
  });
  it('names a missing or malformed address', () => {
    const m = messages.cryptoWithdrawals;
    expect(validateCryptoWithdraw({ ...valid, address: ' ' }, usdt).address).toBe(
      m.addressRequired,
    );
    expect(validateCryptoWithdraw({ ...valid, address: '0x1234' }, usdt).address).toBe(
      m.addressInvalid,
    );
  });
  it('holds the amount to the minimum, the places, the daily limit and the balance with the fee', () => {
    const m = messages.cryptoWithdrawals;
    const amount = (value: string, state = usdt) =>
      validateCryptoWithdraw({ ...valid, amount: value }, state).amount;
    expect(amount('')).toBe(messages.deposits.amountRequired);
    expect(amount('0')).toBe(messages.money.amountPositive);
    expect(amount('9.999999')).toBe(m.amountMin('10', 'USDT'));
    expect(amount('10')).toBeUndefined();
    expect(amount('10.1234567')).toBe(m.amountDecimals(6));
    expect(amount('99')).toBeUndefined();
    // 99.000001 + 1 fee is more than the 100 available.
    expect(amount('99.000001')).toBe(m.insufficient('USDT'));
    expect(amount('40', { ...usdt, remainingToday: '30', usedToday: '49970' })).toBe(
      m.dailyLimit('50000', '30', 'USDT'),
    );
    expect(amount('0.004', eth)).toBe(m.amountMin('0.005', 'ETH'));
    expect(amount('0.0095', eth)).toBeUndefined();
    expect(amount('0.00950001', eth)).toBe(m.insufficient('ETH'));
  });
  it('asks whose wallet it is, and the name of someone else', () => {
    const m = messages.cryptoWithdrawals;
    expect(validateCryptoWithdraw({ ...valid, beneficiaryKind: '' }, usdt).beneficiary).toBe(
      m.beneficiaryRequired,
    );
    const third = { ...valid, beneficiaryKind: 'third_party' as const };
    expect(validateCryptoWithdraw({ ...third, beneficiaryName: ' A ' }, usdt)).toEqual({
      'beneficiary.name': m.beneficiaryNameRequired,
    });
    expect(
      validateCryptoWithdraw({ ...third, beneficiaryName: 'x'.repeat(101) }, usdt)[
        'beneficiary.name'
      ],
    ).toBe(m.beneficiaryNameTooLong);
  });
});

describe('the request body', () => {
  it('trims, and sends a name only for someone else', () => {
    expect(toRequest('USDT', { ...valid, address: ` ${ADDRESS} `, beneficiaryName: 'x' })).toEqual({
      asset: 'USDT',
      address: ADDRESS,
      amount: '25',
      beneficiary: { kind: 'own' },
    });
    expect(
      toRequest('ETH', { ...valid, beneficiaryKind: 'third_party', beneficiaryName: ' Asha ' }),
    ).toEqual({
      asset: 'ETH',
      address: ADDRESS,
      amount: '25',
      beneficiary: { kind: 'third_party', name: 'Asha' },
    });
  });
});

describe('display', () => {
  it('shows each status in words, confirmations counted while sent', () => {
    const at = (status: Parameters<typeof chainStatusLabel>[0]['status'], confirmations = 0) =>
      chainStatusLabel({ status, confirmations, requiredConfirmations: 3 }).text;
    expect(at('pending')).toBe('Pending review');
    expect(at('broadcast', 0)).toBe('Sent 0/3 confirmations');
    expect(at('broadcast', 2)).toBe('Sent 2/3 confirmations');
    expect(at('broadcast', 7)).toBe('Sent 3/3 confirmations');
    expect(at('completed')).toBe('Completed');
    expect(at('failed')).toBe('Failed');
  });
  it('shortens hex and groups amounts', () => {
    expect(shortHex(ADDRESS)).toBe('0x5290…9EE7');
    expect(shortHex('0x1234')).toBe('0x1234');
    expect(formatCoin('123456.5', 'USDT')).toBe('1,23,456.50 USDT');
    expect(formatCoin('0.00050000', 'ETH')).toBe('0.0005 ETH');
    expect(formatCoin('abc', 'ETH')).toBe('N/A');
  });
});
