import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import {
  percentForSpend,
  quickOrder,
  quickRates,
  spendForPercent,
  validateQuickTrade,
  type QuickOrder,
} from './quick-trade.ts';

const balances = { inr: '1000.00', usdt: '5.12345678' };

describe('quick trade rates', () => {
  it('buys at price + 2 and sells at price − 1.5, from the price to paise', () => {
    expect(quickRates('87.7')).toEqual({ buy: '89.70', sell: '86.20' });
    expect(quickRates('88.456')).toEqual({ buy: '90.46', sell: '86.96' });
  });
});

describe('linked amount boxes', () => {
  it('buy by INR: USDT shown to 2 places, sent to 8 rounded down', () => {
    expect(quickOrder('buy', 'spend', '1000', '89.70')).toEqual({
      spend: '1000',
      receive: '11.15',
      usdtAmount: '11.14827201',
      inrTotal: '1000.00',
    });
  });

  it('buy by USDT: INR is USDT × rate to paise, half up like the server', () => {
    expect(quickOrder('buy', 'receive', '10', '89.70')).toEqual({
      spend: '897.00',
      receive: '10',
      usdtAmount: '10.00000000',
      inrTotal: '897.00',
    });
    expect(quickOrder('buy', 'receive', '0.125', '89.70').spend).toBe('11.21');
  });

  it('sell by USDT and sell by INR', () => {
    expect(quickOrder('sell', 'spend', '2.5', '86.20')).toEqual({
      spend: '2.5',
      receive: '215.50',
      usdtAmount: '2.50000000',
      inrTotal: '215.50',
    });
    const byInr = quickOrder('sell', 'receive', '1000', '86.20');
    expect(byInr.spend).toBe('11.60');
    expect(byInr.usdtAmount).toBe('11.60092807');
  });

  it('an empty or half-typed box leaves the other empty', () => {
    expect(quickOrder('buy', 'spend', '', '89.70')).toMatchObject({
      receive: '',
      usdtAmount: null,
    });
    expect(quickOrder('buy', 'spend', '.', '89.70')).toMatchObject({
      receive: '',
      usdtAmount: null,
    });
    expect(quickOrder('sell', 'receive', '0', '86.20')).toMatchObject({
      spend: '',
      usdtAmount: null,
    });
  });
});

describe('percentage slider', () => {
  it('fills the spend box with that share of the INR or USDT balance, rounded down', () => {
    expect(spendForPercent('buy', 25, balances)).toBe('250.00');
    expect(spendForPercent('sell', 100, balances)).toBe('5.12345678');
    expect(spendForPercent('sell', 50, balances)).toBe('2.56172839');
    expect(spendForPercent('buy', 0, balances)).toBe('');
    expect(spendForPercent('buy', 150, balances)).toBe('1000.00');
    expect(spendForPercent('buy', 50, { inr: '0.00', usdt: '0' })).toBe('');
  });

  it('follows a typed amount, clamped to 100', () => {
    expect(percentForSpend('buy', '250', balances)).toBe(25);
    expect(percentForSpend('buy', '5000', balances)).toBe(100);
    expect(percentForSpend('buy', '', balances)).toBe(0);
    expect(percentForSpend('sell', '1', { inr: '0', usdt: '0' })).toBe(0);
  });
});

describe('quick trade messages', () => {
  const order = (side: 'buy' | 'sell', driver: 'spend' | 'receive', text: string): QuickOrder =>
    quickOrder(side, driver, text, side === 'buy' ? '89.70' : '86.20');

  it('asks a guest to log in first', () => {
    expect(
      validateQuickTrade({
        signedIn: false,
        side: 'buy',
        order: order('buy', 'spend', '100'),
        balances,
      }),
    ).toBe('Please login to trade');
  });

  it('asks for an amount while either box is empty', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', ''),
        balances,
      }),
    ).toBe(messages.quickBuy.enterAmount);
    expect(messages.quickBuy.enterAmount).toBe('Please enter amount');
  });

  it('refuses a buy above the INR balance, to the paisa', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', '1000.01'),
        balances,
      }),
    ).toBe('Insufficient INR balance');
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'buy',
        order: order('buy', 'spend', '1000.00'),
        balances,
      }),
    ).toBeNull();
  });

  it('refuses a sell above the USDT balance, naming the balance to 2 places', () => {
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'sell',
        order: order('sell', 'spend', '5.12345679'),
        balances,
      }),
    ).toBe('Insufficient USDT balance. Available: 5.12 USDT');
    expect(
      validateQuickTrade({
        signedIn: true,
        side: 'sell',
        order: order('sell', 'spend', '5.12345678'),
        balances,
      }),
    ).toBeNull();
  });
});
