import {
  decimalFromNumber,
  isPositiveDecimal,
  QUICK_RATE_FALLBACK,
  roundDecimal,
} from '@sikka/contracts';
import { useCrypto } from '@/lib/realtime/use-crypto.ts';

/** The market code of the USDT/INR pair, the quick-trade and portfolio reference price. */
export const USDT_INR_MARKET = 'USDTINR';

export interface UsdtInrPrice {
  /** INR per USDT to 2 places: the feed's last price, or the product's fallback 87.7. */
  price: string;
  /**
   * The same price to 8 places, as the feed gives it: quick-trade prices round it up (buy)
   * or down (sell) to paise, which a price already rounded half up to 2 places would skew.
   */
  rate: string;
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
  const rate = coin ? decimalFromNumber(coin.price, 8) : null;
  const price = rate ? roundDecimal(rate, 2) : null;
  return rate && price && isPositiveDecimal(price)
    ? { price, rate, live: true, refresh }
    : {
        price: roundDecimal(QUICK_RATE_FALLBACK, 2),
        rate: roundDecimal(QUICK_RATE_FALLBACK, 8),
        live: false,
        refresh,
      };
}
