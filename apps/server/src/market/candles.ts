import { CANDLE_INTERVAL_MS, type Candle, type CandleInterval } from '@sikka/contracts';
import type { HistoryCandle } from './types.ts';

/**
 * OHLCV candles built from the feed's ticks (DESIGN.md §4), 1 m and 1 h for every market.
 *
 * Volume of a candle = INR traded during it. The simulated market reports what traded on each
 * tick, which is summed. The upstream ticker reports only a rolling 24 h volume, so there a
 * candle's volume is the sum of the *increases* of that figure between consecutive polls: a
 * decrease (old trades leaving the 24 h window) is not negative trading, and is ignored. This
 * under-counts when trades leave and enter the window in the same second; it is a chart
 * approximation, never used for money.
 *
 * Memory is bounded: at most MAX_MARKETS markets, 1440 one-minute (24 h) and 1000 one-hour
 * candles each, in typed arrays that grow on demand. A period with no successful poll leaves
 * a gap (no candle) rather than an invented flat one.
 */
export const MAX_MARKETS = 2000;
const CAPACITY: Record<CandleInterval, number> = { '1m': 1440, '1h': 1000 };
const FIELDS = 6; // time(ms), open, high, low, close, volume

class CandleSeries {
  private data: Float64Array;
  private start = 0;
  private length = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly capacity: number,
  ) {
    this.data = new Float64Array(Math.min(64, capacity) * FIELDS);
  }

  private get slots(): number {
    return this.data.length / FIELDS;
  }

  private offset(i: number): number {
    return ((this.start + i) % this.slots) * FIELDS;
  }

  /** Merges one observation (a tick, or a finer candle) into the candle of its interval. */
  add(
    timeMs: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
  ): void {
    const bucket = Math.floor(timeMs / this.intervalMs) * this.intervalMs;
    if (this.length > 0) {
      const last = this.offset(this.length - 1);
      const lastTime = this.data[last]!;
      if (bucket === lastTime) {
        const d = this.data;
        d[last + 2] = Math.max(d[last + 2]!, high);
        d[last + 3] = Math.min(d[last + 3]!, low);
        d[last + 4] = close;
        d[last + 5] = d[last + 5]! + volume;
        return;
      }
      // Out-of-order data (a clock stepping back) cannot rewrite history.
      if (bucket < lastTime) return;
    }
    if (this.length === this.slots && this.slots < this.capacity) this.grow();
    let at: number;
    if (this.length < this.slots) {
      at = this.offset(this.length);
      this.length += 1;
    } else {
      at = this.offset(0);
      this.start = (this.start + 1) % this.slots;
    }
    this.data.set([bucket, open, high, low, close, volume], at);
  }

  private grow(): void {
    const next = new Float64Array(Math.min(this.slots * 2, this.capacity) * FIELDS);
    for (let i = 0; i < this.length; i++) {
      const o = this.offset(i);
      next.set(this.data.subarray(o, o + FIELDS), i * FIELDS);
    }
    this.data = next;
    this.start = 0;
  }

  /** The last `limit` candles, oldest first. */
  last(limit: number): Candle[] {
    const n = Math.min(limit, this.length);
    const out: Candle[] = [];
    for (let i = this.length - n; i < this.length; i++) {
      const o = this.offset(i);
      const d = this.data;
      out.push({
        time: Math.floor(d[o]! / 1000),
        open: d[o + 1]!,
        high: d[o + 2]!,
        low: d[o + 3]!,
        close: d[o + 4]!,
        volume: Math.round(d[o + 5]! * 100) / 100,
      });
    }
    return out;
  }
}

interface MarketCandles {
  minute: CandleSeries;
  hour: CandleSeries;
  /** The last 24 h volume seen, to derive traded volume when the source does not give it. */
  lastVolume24h: number | null;
}

export class CandleStore {
  private readonly markets = new Map<string, MarketCandles>();

  has(market: string): boolean {
    return this.markets.has(market);
  }

  private series(market: string): MarketCandles | undefined {
    let m = this.markets.get(market);
    if (!m && this.markets.size < MAX_MARKETS) {
      m = {
        minute: new CandleSeries(CANDLE_INTERVAL_MS['1m'], CAPACITY['1m']),
        hour: new CandleSeries(CANDLE_INTERVAL_MS['1h'], CAPACITY['1h']),
        lastVolume24h: null,
      };
      this.markets.set(market, m);
    }
    return m;
  }

  /**
   * One tick of one market. `traded` is INR traded since the previous tick when the source
   * knows it; otherwise the increase of `volume24h` since the previous tick is used.
   */
  recordTick(
    market: string,
    timeMs: number,
    price: number,
    volume24h: number,
    traded?: number,
  ): void {
    const m = this.series(market);
    if (!m) return;
    let volume = traded ?? 0;
    if (traded === undefined && m.lastVolume24h !== null) {
      volume = Math.max(0, volume24h - m.lastVolume24h);
    }
    m.lastVolume24h = volume24h;
    m.minute.add(timeMs, price, price, price, price, volume);
    m.hour.add(timeMs, price, price, price, price, volume);
  }

  /** A minute of history (backfill), oldest first per market; also folded into its hour. */
  recordMinute(market: string, c: HistoryCandle): void {
    const m = this.series(market);
    if (!m) return;
    m.minute.add(c.time, c.open, c.high, c.low, c.close, c.volume);
    m.hour.add(c.time, c.open, c.high, c.low, c.close, c.volume);
  }

  /** An hour of history from before the minute history (backfill), oldest first. */
  recordHour(market: string, c: HistoryCandle): void {
    this.series(market)?.hour.add(c.time, c.open, c.high, c.low, c.close, c.volume);
  }

  /** The last `limit` candles of a market, oldest first; undefined for an unknown market. */
  get(market: string, interval: CandleInterval, limit: number): Candle[] | undefined {
    const m = this.markets.get(market);
    if (!m) return undefined;
    return (interval === '1m' ? m.minute : m.hour).last(limit);
  }
}
