import { describe, expect, it } from 'vitest';
import type { Coin } from '@sikka/contracts';
import { coinIdFromState, dayRange, pairName, selectCoin } from './select-coin.ts';

const coin = (id: string, price = 100): Coin => ({
  id,
  name: id.replace(/INR$/, '').toLowerCase(),
  symbol: id.replace(/INR$/, ''),
  price,
  market_cap: 0,
  volume: 1,
  price_change_percentage_24h: 0,
  image: '',
  high_24h: null,
  low_24h: null,
});

describe('selectCoin', () => {
  const coins = [coin('BTCINR'), coin('USDTINR'), coin('ETHINR')];

  it('takes the chosen coin, else USDT/INR, else the first', () => {
    expect(selectCoin(coins, 'ETHINR')?.id).toBe('ETHINR');
    expect(selectCoin(coins, null)?.id).toBe('USDTINR');
    expect(selectCoin(coins, 'GONEINR')?.id).toBe('USDTINR');
    expect(selectCoin([coin('BTCINR'), coin('ETHINR')], null)?.id).toBe('BTCINR');
    expect(selectCoin([], 'BTCINR')).toBeNull();
  });
});

describe('coinIdFromState', () => {
  it('reads { coin: { id } } and nothing else', () => {
    expect(coinIdFromState({ coin: coin('SOLINR') })).toBe('SOLINR');
    for (const bad of [
      null,
      undefined,
      'BTCINR',
      {},
      { coin: null },
      { coin: { id: 7 } },
      { coin: { id: '' } },
    ]) {
      expect(coinIdFromState(bad)).toBeNull();
    }
  });
});

describe('dayRange', () => {
  it("uses the feed's high and low when it has them", () => {
    expect(dayRange({ price: 100, high_24h: 110, low_24h: 90 })).toEqual({
      high: 110,
      low: 90,
      estimated: false,
    });
  });
  it("falls back to the spec's price × 1.05 and × 0.95", () => {
    const r = dayRange({ price: 200, high_24h: null, low_24h: null });
    expect(r.high).toBeCloseTo(210);
    expect(r.low).toBeCloseTo(190);
    expect(r.estimated).toBe(true);
  });
});

it('names the pair', () => {
  expect(pairName('BTC')).toBe('BTC/INR');
});
