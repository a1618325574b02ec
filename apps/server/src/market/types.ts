import type { Coin, MarketSource } from '@sikka/contracts';

/** One market as a source reports it on one poll. */
export interface Quote {
  coin: Coin;
  /**
   * The last price exactly as a decimal string (no exponent), when the source has one. The
   * quick trade reads the USDTINR rate from here so money never passes through a float.
   */
  priceText: string | null;
  /**
   * INR traded since the previous poll, when the source knows it (the simulated market does).
   * Without it the candle store derives volume from the 24 h rolling volume.
   */
  traded?: number;
}

/** A candle of history a source hands over at start (time = interval start, ms). */
export interface HistoryCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface HistorySink {
  hour(market: string, candle: HistoryCandle): void;
  minute(market: string, candle: HistoryCandle): void;
}

/** Where tickers come from: the built-in simulated market or the upstream exchange. */
export interface TickerSource {
  readonly kind: MarketSource;
  /** Quotes known before the first poll (the simulated market's opening state; upstream: none). */
  initial(now: Date): Quote[];
  /**
   * One poll. Rejects with a TickerError carrying the product's message; anything else it
   * throws is reported as the fallback message.
   */
  fetch(now: Date, signal: AbortSignal): Promise<Quote[]>;
  /**
   * History for charts at start, per market oldest first: hourly candles for the time before
   * the minute history, then minutes (which the candle store also folds into hours).
   */
  backfill?(sink: HistorySink): void;
}

/** A poll failure whose message is one of the product's ticker errors (PRODUCT.md §8). */
export class TickerError extends Error {}
