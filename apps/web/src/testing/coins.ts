import type { Coin } from '@sikka/contracts';

/** A market coin for component tests: only the symbol and price vary. */
export const testCoin = (symbol: string, price: number): Coin => ({
  id: `${symbol}INR`,
  name: symbol,
  symbol,
  price,
  market_cap: 0,
  volume: 1000,
  price_change_percentage_24h: 1,
  image: '',
  high_24h: null,
  low_24h: null,
});
