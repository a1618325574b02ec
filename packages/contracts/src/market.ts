import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Market data (PRODUCT.md §3 "Coin", §5 "Ticker response"; DESIGN.md §4). Prices here are
 * display data and travel as JSON numbers; money never does (the quick-trade rate is read on
 * the server as a decimal string).
 */
export const marketSourceSchema = z.enum(['simulated', 'upstream']);
export type MarketSource = z.infer<typeof marketSourceSchema>;

/** One market of the exchange ticker, mapped as the spec says. */
export const coinSchema = z.object({
  /** The market code, e.g. 'BTCINR'. */
  id: z.string(),
  /** Part of the market code before '_', trailing 'inr' removed, e.g. 'BTC'. */
  name: z.string(),
  /** `name` upper-cased. */
  symbol: z.string(),
  /** Last traded price in INR. */
  price: z.number(),
  /** Always 0 (the ticker has no market cap). */
  market_cap: z.number(),
  /** 24 h traded volume as the source reports it. */
  volume: z.number(),
  /** 24 h change in percent, e.g. -1.25. */
  price_change_percentage_24h: z.number(),
  /** Always '' (icons come from the static image host by symbol). */
  image: z.string(),
  high_24h: z.number().nullable(),
  low_24h: z.number().nullable(),
});
export type Coin = z.infer<typeof coinSchema>;

/** GET /api/market/tickers: the last good list, where it came from, and the last error. */
export const tickersResponseSchema = z.object({
  coins: z.array(coinSchema),
  source: marketSourceSchema,
  /** ISO time of the last successful refresh; null before the first one. */
  updatedAt: z.string().nullable(),
  /** The ticker error text of the last poll (PRODUCT.md §8), null when it succeeded. */
  error: z.string().nullable(),
});
export type TickersResponse = z.infer<typeof tickersResponseSchema>;

export const CANDLE_INTERVALS = ['1m', '1h'] as const;
export const candleIntervalSchema = z.enum(CANDLE_INTERVALS, {
  error: messages.market.intervalInvalid,
});
export type CandleInterval = z.infer<typeof candleIntervalSchema>;
export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '1h': 3_600_000,
};
export const CANDLE_LIMIT_DEFAULT = 200;
export const CANDLE_LIMIT_MAX = 1000;

/** One OHLCV candle; `time` is the start of its interval in unix seconds. */
export const candleSchema = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** INR traded during the candle (see docs in the server's candle store). */
  volume: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

export const candlesQuerySchema = z.object({
  market: z
    .string({ error: messages.market.marketFormat })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: messages.market.marketFormat }),
  interval: candleIntervalSchema.default('1h'),
  limit: z.coerce
    .number({ error: messages.market.limitInvalid })
    .int({ error: messages.market.limitInvalid })
    .min(1, { error: messages.market.limitInvalid })
    .max(CANDLE_LIMIT_MAX, { error: messages.market.limitInvalid })
    .default(CANDLE_LIMIT_DEFAULT),
});
export type CandlesQuery = z.infer<typeof candlesQuerySchema>;

export const candlesResponseSchema = z.object({ candles: z.array(candleSchema) });
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;
