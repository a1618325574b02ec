import { describe, expect, it } from 'vitest';
import type { SpotOrder } from '@sikka/contracts';
import { formatCoins, orderOutcome } from './order-text.ts';

const order = (over: Partial<SpotOrder>): SpotOrder => ({
  id: 'o1',
  market: 'BTC-INR',
  side: 'buy',
  type: 'limit',
  price: '5000000',
  quantity: '0.00100',
  quoteAmount: null,
  filledQuantity: '0',
  averagePrice: null,
  inrTotal: '0',
  fee: '0',
  tds: '0',
  status: 'open',
  timeInForce: 'GTC',
  postOnly: false,
  cancelReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('what a submitted spot order led to', () => {
  it('says an order was placed, filled, or cancelled with its reason', () => {
    expect(orderOutcome(order({})).text).toBe('Order placed: buy 0.001 BTC at ₹50,00,000.00.');
    expect(
      orderOutcome(order({ status: 'filled', filledQuantity: '0.001', averagePrice: '5000000' }))
        .text,
    ).toBe('Order filled. Bought 0.001 BTC at ₹50,00,000.00.');
    expect(orderOutcome(order({ status: 'cancelled', cancelReason: 'post_only' }))).toEqual({
      tone: 'error',
      text: 'Order cancelled: a post-only order would have traded at once.',
    });
    expect(
      orderOutcome(
        order({
          status: 'cancelled',
          cancelReason: 'ioc',
          type: 'market',
          side: 'sell',
          filledQuantity: '0.0005',
          averagePrice: '4999000',
        }),
      ).text,
    ).toBe(
      'Sold 0.0005 BTC at ₹49,99,000.00; the rest was cancelled: the rest could not fill at once (IOC).',
    );
  });

  it('writes coin amounts without trailing zeros, grouped the Indian way', () => {
    expect(formatCoins('1234567.50000')).toBe('12,34,567.5');
    expect(formatCoins('0.00010', 'BTC')).toBe('0.0001 BTC');
  });
});
