import type { FastifyInstance } from 'fastify';
import {
  compareDecimal,
  decimalToUnits,
  QUICK_PRICE_TOLERANCE,
  QUICK_RATE_FALLBACK,
  QUICK_SELL_SPREAD,
  type TradeType,
} from '@sikka/contracts';

/** Returns the USDT/INR last price as a decimal string, or null when it has none. */
export type UsdtInrRateSource = () => string | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by tests and benchmarks (BuildOptions.usdtInrRate) to fix or move the rate. */
    usdtInrRateOverride: UsdtInrRateSource | null;
  }
}

interface MarketLike {
  getUsdtInrRate?: () => string | null;
}

/** A sane USDT/INR price: below ₹10,00,000, so every trade total fits numeric(20,2). */
const PLAIN_POSITIVE = /^\d{1,6}(\.\d{1,20})?$/;

/**
 * The rate quick trades use (DESIGN.md §7): the USDTINR last price of the server's own feed,
 * or the product's fallback 87.7 when there is none or it is not a sane positive decimal.
 * The feed is read defensively: it is optional at build time.
 */
export function usdtInrRate(app: FastifyInstance): string {
  let rate: string | null = null;
  try {
    if (app.usdtInrRateOverride) rate = app.usdtInrRateOverride();
    else if (app.hasDecorator('market')) {
      const market = (app as unknown as { market?: MarketLike }).market;
      rate = market?.getUsdtInrRate?.() ?? null;
    }
  } catch {
    rate = null;
  }
  if (rate === null || !PLAIN_POSITIVE.test(rate)) return QUICK_RATE_FALLBACK;
  // A rate at or below the sell spread would make the sell price zero or negative.
  if (compareDecimal(rate, QUICK_SELL_SPREAD) <= 0) return QUICK_RATE_FALLBACK;
  return rate;
}

const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

/**
 * True when the server's price is worse for the user than the one they saw by more than the
 * tolerance (0.5%): higher for a buy, lower for a sell. A better price never refuses.
 */
export function isPriceWorse(side: TradeType, serverPrice: string, quotedRate: string): boolean {
  const server = decimalToUnits(serverPrice, SCALE);
  const quoted = decimalToUnits(quotedRate, SCALE);
  const tolerance = decimalToUnits(QUICK_PRICE_TOLERANCE, SCALE);
  return side === 'buy'
    ? server * ONE > quoted * (ONE + tolerance)
    : server * ONE < quoted * (ONE - tolerance);
}
