import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  diffCoins,
  messages,
  type Candle,
  type CandleInterval,
  type Coin,
  type CoinListDiff,
  type MarketSource,
  type TickersResponse,
} from '@sikka/contracts';
import { CandleStore } from './candles.ts';
import { TickerError, type Quote, type TickerSource } from './types.ts';

/**
 * What one poll changed (`changed`, `removed`, and the compact delta of contracts'
 * ticker-delta.ts); the realtime hub turns it into one message for every socket.
 */
export interface MarketTick extends CoinListDiff {
  at: Date;
  updatedAt: string | null;
  error: string | null;
  errorChanged: boolean;
}

export interface MarketFeedOptions {
  source: TickerSource;
  intervalMs: number;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Called with each own poll's outcome before it is applied (the shared feed publishes it). */
  onPolled?: (outcome: PollOutcome, at: Date) => void;
}

/** What one poll brought: the quotes, or the product's error message when it failed. */
export type PollOutcome = { quotes: Quote[]; error: null } | { quotes: null; error: string };

const USDT_INR = 'USDTINR';

/**
 * The server's one ticker poller (DESIGN.md §4): polls its source every `intervalMs`, never
 * two polls at once (a slow poll delays the next; it does not stack), keeps the last good list
 * and the last error, builds candles, and emits a `tick` per poll. Browsers never poll the
 * exchange themselves; thousands of sockets cost one upstream request per second.
 */
export class MarketFeed extends EventEmitter<{ tick: [MarketTick] }> {
  readonly candles = new CandleStore();
  readonly source: MarketSource;
  private coins: Coin[] = [];
  private priceTexts = new Map<string, string | null>();
  private updatedAt: string | null = null;
  private error: string | null = null;
  private snapshotCache: TickersResponse | null = null;
  private snapshotJsonCache: string | null = null;
  /** Every poll chains on the previous one: the guarantee that polls never overlap. */
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private abort = new AbortController();

  constructor(private readonly options: MarketFeedOptions) {
    super();
    this.source = options.source.kind;
    const now = options.clock();
    options.source.backfill?.({
      hour: (market, candle) => this.candles.recordHour(market, candle),
      minute: (market, candle) => this.candles.recordMinute(market, candle),
    });
    const initial = options.source.initial(now);
    if (initial.length > 0) {
      this.accept(initial, now);
      this.updatedAt = now.toISOString();
    }
  }

  /** Starts polling: one poll now, then one every interval. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    this.schedule(0);
  }

  /** Stops polling and waits for a poll in flight (aborting an upstream request). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.chain.catch(() => undefined);
  }

  /** One poll, after any poll in flight. Tests call this with the feed not started. */
  tick(): Promise<MarketTick> {
    const next = this.chain.then(() => this.poll());
    this.chain = next.catch(() => undefined);
    return next;
  }

  snapshot(): TickersResponse {
    this.snapshotCache ??= {
      coins: this.coins,
      source: this.source,
      updatedAt: this.updatedAt,
      error: this.error,
    };
    return this.snapshotCache;
  }

  /** The snapshot as JSON, serialised once per change however many clients read it. */
  snapshotJson(): string {
    this.snapshotJsonCache ??= JSON.stringify(this.snapshot());
    return this.snapshotJsonCache;
  }

  /**
   * The USDT/INR last price as a decimal string, for the quick trade (DESIGN.md §7), or null
   * when the feed has no usable USDTINR price (the caller falls back to QUICK_RATE_FALLBACK).
   * When the last poll failed this is the last good price, like the rest of the list.
   */
  getUsdtInrRate(): string | null {
    const text = this.priceTexts.get(USDT_INR) ?? null;
    if (text === null || !/[1-9]/.test(text)) return null;
    return text;
  }

  /** A market's last price as a decimal string ('BTCINR'), or null when the feed has none. */
  getPriceText(marketId: string): string | null {
    const text = this.priceTexts.get(marketId) ?? null;
    if (text === null || !/[1-9]/.test(text)) return null;
    return text;
  }

  getCandles(market: string, interval: CandleInterval, limit: number): Candle[] | undefined {
    return this.candles.get(market, interval, limit);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => void this.loop(), delayMs);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    this.timer = null;
    const started = Date.now();
    await this.tick().catch((err: unknown) =>
      this.options.log.error({ err }, 'market poll failed'),
    );
    if (this.running) this.schedule(Math.max(0, started + this.options.intervalMs - Date.now()));
  }

  private async poll(): Promise<MarketTick> {
    const at = this.options.clock();
    let outcome: PollOutcome;
    try {
      outcome = { quotes: await this.options.source.fetch(at, this.abort.signal), error: null };
    } catch (err) {
      const message = err instanceof TickerError ? err.message : messages.ticker.fallback;
      if (message !== this.error) this.options.log.warn({ err }, `ticker: ${message}`);
      outcome = { quotes: null, error: message };
    }
    this.options.onPolled?.(outcome, at);
    return this.apply(outcome, at);
  }

  /**
   * Takes in one poll's outcome, own or another instance's (market/shared-feed.ts): keeps the
   * list or the error, builds candles, and emits the tick.
   */
  apply(outcome: PollOutcome, at: Date): MarketTick {
    const previousError = this.error;
    let tick: MarketTick;
    if (outcome.quotes) {
      const diff = this.accept(outcome.quotes, at);
      this.updatedAt = at.toISOString();
      this.error = null;
      tick = { ...diff, at, updatedAt: this.updatedAt, error: null, errorChanged: false };
    } else {
      this.error = outcome.error;
      tick = {
        at,
        changed: [],
        ticks: [],
        whole: [],
        removed: [],
        reordered: false,
        updatedAt: this.updatedAt,
        error: outcome.error,
        errorChanged: false,
      };
    }
    tick.errorChanged = tick.error !== previousError;
    if (tick.changed.length > 0 || tick.removed.length > 0 || tick.reordered || tick.errorChanged) {
      this.snapshotCache = null;
      this.snapshotJsonCache = null;
    }
    this.emit('tick', tick);
    return tick;
  }

  /** Replaces the list; returns what changed and records every quote into the candles. */
  private accept(quotes: Quote[], at: Date): CoinListDiff {
    const priceTexts = new Map<string, string | null>();
    const atMs = at.getTime();
    for (const q of quotes) {
      const c = q.coin;
      priceTexts.set(c.id, q.priceText);
      this.candles.recordTick(c.id, atMs, c.price, c.volume, q.traded);
    }
    const coins = quotes.map((q) => q.coin);
    const diff = diffCoins(this.coins, coins);
    this.coins = coins;
    this.priceTexts = priceTexts;
    return diff;
  }
}
