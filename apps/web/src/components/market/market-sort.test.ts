import { describe, expect, it } from 'vitest';
import type { Coin } from '@sikka/contracts';
import { coinIconUrl, displayName, displaySymbol, matchesSearch } from './coin-display.ts';
import { DEFAULT_SORT, nextSort, sortCoins, topGainers, topLosers } from './market-sort.ts';

const coin = (symbol: string, price: number, change: number, volume: number): Coin => ({
  id: `${symbol}INR`,
  name: symbol,
  symbol,
  price,
  market_cap: 0,
  volume,
  price_change_percentage_24h: change,
  image: '',
  high_24h: null,
  low_24h: null,
});

const coins = [
  coin('BTC', 9_800_000, 1.8, 480_000_000),
  coin('ETH', 354_000, 2.7, 260_000_000),
  coin('DOGE', 17.8, 4.6, 110_000_000),
  coin('XRP', 221, -1.4, 140_000_000),
  coin('ADA', 61, -2.1, 41_000_000),
  coin('SHIB', 0.001, 2.3, 53_000_000),
  coin('POL', 19, -3.3, 22_000_000),
];
const ids = (list: Coin[]) => list.map((c) => c.symbol);

describe('market sorting (PRODUCT.md §2 market overview)', () => {
  it('defaults to volume, descending', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'volume', direction: 'desc' });
    expect(ids(sortCoins(coins, DEFAULT_SORT)).slice(0, 5)).toEqual([
      'BTC',
      'ETH',
      'XRP',
      'DOGE',
      'SHIB',
    ]);
  });

  it('toggles direction on a second click of the same column', () => {
    const byPrice = nextSort(DEFAULT_SORT, 'price');
    expect(byPrice).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort(byPrice, 'price')).toEqual({ key: 'price', direction: 'asc' });
    expect(nextSort(nextSort(byPrice, 'price'), 'price')).toEqual(byPrice);
    expect(nextSort(DEFAULT_SORT, 'volume')).toEqual({ key: 'volume', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('sorts by each column', () => {
    expect(ids(sortCoins(coins, { key: 'price', direction: 'asc' }))[0]).toBe('SHIB');
    expect(ids(sortCoins(coins, { key: 'change', direction: 'desc' }))[0]).toBe('DOGE');
    // Names are the readable ones: Cardano, Bitcoin, ... sorted as a person reads them.
    expect(ids(sortCoins(coins, { key: 'name', direction: 'asc' }))).toEqual([
      'BTC',
      'ADA',
      'DOGE',
      'ETH',
      'POL',
      'SHIB',
      'XRP',
    ]);
    // Market cap is always 0: the order falls back to volume and stays stable.
    expect(ids(sortCoins(coins, { key: 'marketCap', direction: 'desc' }))).toEqual(
      ids(sortCoins(coins, DEFAULT_SORT)),
    );
  });

  it('lists five gainers and five losers by 24 h change', () => {
    expect(ids(topGainers(coins))).toEqual(['DOGE', 'ETH', 'SHIB', 'BTC', 'XRP']);
    expect(ids(topLosers(coins))).toEqual(['POL', 'ADA', 'XRP', 'BTC', 'SHIB']);
    expect(topGainers(coins)).toHaveLength(5);
  });

  it('does not change the list it was given', () => {
    const before = ids(coins);
    sortCoins(coins, { key: 'price', direction: 'asc' });
    expect(ids(coins)).toEqual(before);
  });
});

describe('coin display and search', () => {
  it('matches name or symbol, ignoring case', () => {
    const btc = coins[0]!;
    expect(matchesSearch(btc, 'btc')).toBe(true);
    expect(matchesSearch(btc, 'BiTcOiN')).toBe(true);
    expect(matchesSearch(btc, '  ')).toBe(true);
    expect(matchesSearch(btc, 'eth')).toBe(false);
  });

  it('shows symbols without the INR suffix and icons by lower-cased symbol', () => {
    expect(displaySymbol({ symbol: 'BTCINR' })).toBe('BTC');
    expect(displaySymbol({ symbol: 'BTC' })).toBe('BTC');
    expect(displayName({ symbol: 'NEWCOIN', name: 'newcoin' })).toBe('NEWCOIN');
    // Same origin: served by our server, never a third-party host.
    expect(coinIconUrl({ symbol: 'BTC' })).toBe('/coin-icons/btc');
    expect(coinIconUrl({ symbol: 'SHIBINR' })).toBe('/coin-icons/shib');
  });
});
