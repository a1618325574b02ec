import { describe, expect, it } from 'vitest';
import {
  amountForTotal,
  orderTotal,
  percentShown,
  roundToStep,
  shareOfBalance,
  wireDecimal,
} from './order-math.ts';
import {
  initialFormState,
  orderRequest,
  pickLevel,
  setAmount,
  setPercent,
  setPrice,
  setTotal,
  setType,
  snapPrice,
  type FormContext,
} from './order-form-state.ts';

const btc: FormContext = {
  market: { tickSize: '1', lotSize: '0.00001', priceDecimals: 0, quantityDecimals: 5 },
  available: '10000.00',
  feeRate: '0.001',
};

describe('the spot order arithmetic (decimal strings, no floats)', () => {
  it('rounds to steps: amounts down to the lot, prices to the nearest tick', () => {
    expect(roundToStep('0.123456', '0.00001', 'down')).toBe('0.12345');
    expect(roundToStep('0.1234599', '0.00001', 'down')).toBe('0.12345');
    expect(roundToStep('5000000.6', '1', 'half-up')).toBe('5000001');
    expect(roundToStep('12.345', '0.1', 'half-up')).toBe('12.3');
    expect(roundToStep('7', '0.01', 'down')).toBe('7.00');
  });

  it('gives the total as price × amount to the paisa, a buy rounded up and a sell down', () => {
    expect(orderTotal('5000000', '0.00001', 'buy')).toBe('50.00');
    expect(orderTotal('0.1', '0.2', 'buy')).toBe('0.02');
    expect(orderTotal('88.333', '3', 'buy')).toBe('265.00');
    expect(orderTotal('88.333', '3', 'sell')).toBe('264.99');
    expect(orderTotal('', '1', 'buy')).toBe('');
    expect(orderTotal('100', '0', 'buy')).toBe('');
  });

  it('turns a typed total into coins at the price, rounded down to the lot', () => {
    expect(amountForTotal('1000', '5000000', '0.00001')).toBe('0.00020');
    expect(amountForTotal('1000', '3', '0.01')).toBe('333.33');
    expect(amountForTotal('1000', '', '0.01')).toBe('');
  });

  it('fills the slider share of the balance: coins down to the lot, buys net of the fee', () => {
    // 50% of 0.123457 BTC = 0.0617285 → 0.06172 (down to the lot).
    expect(
      shareOfBalance({
        side: 'sell',
        type: 'limit',
        percent: 50,
        available: '0.123457',
        price: '5000000',
        lotSize: '0.00001',
        feeRate: '0.001',
      }),
    ).toEqual({ amount: '0.06172', total: '' });
    // ₹10,000 at ₹50,00,000 and 0.1% fee: 10000 / 5005000 = 0.001998… → 0.00199 BTC.
    expect(
      shareOfBalance({
        side: 'buy',
        type: 'limit',
        percent: 100,
        available: '10000.00',
        price: '5000000',
        lotSize: '0.00001',
        feeRate: '0.001',
      }),
    ).toEqual({ amount: '0.00199', total: '9950.00' });
    // A market buy spends the INR share itself (the server takes the fee out of it).
    expect(
      shareOfBalance({
        side: 'buy',
        type: 'market',
        percent: 25,
        available: '10000.03',
        price: '',
        lotSize: '0.00001',
        feeRate: '0.001',
      }),
    ).toEqual({ amount: '', total: '2500.00' });
  });

  it('writes typed decimals in the wire form', () => {
    expect(wireDecimal('12.')).toBe('12');
    expect(wireDecimal('.5')).toBe('0.5');
    expect(wireDecimal('007.10')).toBe('7.10');
  });

  it('positions the slider from the boxes, for display only', () => {
    expect(percentShown('2500', '10000')).toBe(25);
    expect(percentShown('20000', '10000')).toBe(100);
    expect(percentShown('1', null)).toBe(0);
  });
});

describe('the spot order form state', () => {
  it('keeps amount and total in step with the price, whichever was typed last', () => {
    let s = setPrice(initialFormState, '5000000', btc);
    s = setAmount(s, '0.002', btc);
    expect(s.total).toBe('10000.00');
    expect(s.percent).toBe(100);
    s = setTotal(s, '1000', btc);
    expect(s.amount).toBe('0.00020');
    s = setPrice(s, '4000000', btc);
    expect(s.amount).toBe('0.00025');
  });

  it('snaps a typed price to the tick and limits the places typed', () => {
    const usdt: FormContext = {
      ...btc,
      market: { tickSize: '0.01', lotSize: '0.01', priceDecimals: 2, quantityDecimals: 2 },
    };
    const s = setPrice(initialFormState, '88.1234', usdt);
    expect(s.price).toBe('88.12');
    const sol: FormContext = {
      ...btc,
      market: { tickSize: '0.5', lotSize: '0.001', priceDecimals: 1, quantityDecimals: 3 },
    };
    expect(snapPrice(setPrice(initialFormState, '100.7', sol), sol).price).toBe('100.5');
  });

  it('sends a limit order with its price, amount and time in force', () => {
    let s = setPrice(initialFormState, '5000000.', btc);
    s = setAmount(s, '.001', btc);
    expect(orderRequest({ ...s, postOnly: true }, 'BTC-INR')).toEqual({
      body: {
        market: 'BTC-INR',
        side: 'buy',
        type: 'limit',
        price: '5000000',
        quantity: '0.001',
        timeInForce: 'GTC',
        postOnly: true,
      },
    });
    expect(orderRequest(initialFormState, 'BTC-INR')).toMatchObject({ field: 'price' });
  });

  it('sends a market buy by its total (quoteAmount) from the slider, IOC', () => {
    let s = setType(initialFormState, 'market');
    s = setPercent(s, 50, btc);
    expect(s).toMatchObject({ total: '5000.00', amount: '', driver: 'total' });
    expect(orderRequest(s, 'BTC-INR')).toEqual({
      body: {
        market: 'BTC-INR',
        side: 'buy',
        type: 'market',
        quoteAmount: '5000.00',
        timeInForce: 'IOC',
      },
    });
    s = setAmount(s, '0.001', btc);
    expect(orderRequest(s, 'BTC-INR')).toMatchObject({ body: { quantity: '0.001' } });
  });

  it('takes a picked book row as a limit order at its side, price and amount', () => {
    const s = pickLevel(
      setType(initialFormState, 'market'),
      { side: 'sell', price: '5200000', amount: '0.3' },
      btc,
    );
    expect(s).toMatchObject({
      type: 'limit',
      side: 'sell',
      price: '5200000',
      amount: '0.3',
      total: '1560000.00',
      timeInForce: 'GTC',
    });
  });
});
