import { QUICK_RATE_FALLBACK } from '@sikka/contracts';
import { fromNumber, isPositive, round } from '../lib/decimal.ts';
import { useCrypto } from '../lib/realtime/use-crypto.ts';

/** The market code of the USDT/INR pair, the quick-trade and portfolio reference price. */
export const USDT_INR_MARKET = 'USDTINR';

export interface UsdtInrPrice {
  /** INR per USDT to 2 places: the feed's last price, or the product's fallback 87.7. */
  price: string;
  /** False while the feed has no USDTINR price (the fallback is in use). */
  live: boolean;
  /** Reads the market list again now (e.g. after the server said the price moved). */
  refresh(): Promise<void>;
}

/**
 * USDT/INR for previews (PRODUCT.md §9 "Quick-buy rate"): the USDTINR coin of the shared
 * market data (pushed over the socket, or polled from GET /api/market/tickers while the
 * socket is down), else 87.7. The server prices every trade itself; this is only what the
 * screen shows and quotes.
 */
export function useUsdtInrPrice(): UsdtInrPrice {
  const { coins, refresh } = useCrypto();
  const coin = coins.find((c) => c.id === USDT_INR_MARKET);
  const price = coin ? fromNumber(coin.price, 2) : null;
  return price && isPositive(price)
    ? { price, live: true, refresh }
    : { price: round(QUICK_RATE_FALLBACK, 2), live: false, refresh };
}
