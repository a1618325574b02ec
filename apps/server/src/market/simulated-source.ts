import { coinName } from './coin-mapping.ts';
import { SeededRandom } from './random.ts';
import { SIMULATED_PAIRS, type SimulatedPair } from './simulated-pairs.ts';
import type { HistoryCandle, HistorySink, Quote, TickerSource } from './types.ts';

/**
 * The built-in market (DESIGN.md §4). Every pair's log price follows a mean-reverting random
 * walk (Ornstein–Uhlenbeck around its opening price, with a hard cap), stepped on each poll by
 * the time since the previous one, so 24 h changes stay in a plausible band. Not every pair
 * trades every second (liquid pairs more often), so only some coins change on a tick. The
 * 24 h volume, change, high and low come from a rolling window of 1440 one-minute slots, so
 * they agree with the candles. History before start is generated backwards from the opening
 * snapshot: a day of minutes, hours before that. A bridge makes the price 24 h ago match the
 * snapshot's 24 h change, and volumes are scaled so the last 24 h add up to its volume.
 * Everything is a function of MARKET_SEED and the poll times alone.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Minute slots in the rolling 24 h window, the current minute included. */
const WINDOW = 1440;
/** Hourly history at start: more than the chart's default of 200 candles. */
export const BACKFILL_HOURS = 210;
/** Mean reversion of log price per day (half-life ≈ 1.4 days). */
const THETA_PER_DAY = 0.5;
/** Log price never strays more than this many daily moves from the opening price. */
export const MAX_DEVIATION_DAILY_MOVES = 3.5;
/** Slow swings in trading activity: stationary sd and reversion per day of log activity. */
const ACTIVITY_SD = 0.25;
const ACTIVITY_THETA_PER_DAY = 2;
/** Spread (lognormal sd) of the value traded in one second, one minute, one hour. */
const TRADE_SIZE_SD = 0.7;
const MINUTE_VOLUME_SD = 0.35;
const HOUR_VOLUME_SD = 0.2;
/** A poll after a long pause moves the market by at most this much time. */
const MAX_STEP_SECONDS = 60;

interface PairState {
  pair: SimulatedPair;
  name: string;
  anchor: number;
  maxDev: number;
  /** Log price now (unrounded) and the quoted price (rounded to the pair's tick). */
  x: number;
  price: number;
  /** Log activity: multiplies traded value. */
  activity: number;
  /** Chance the pair trades within one second. */
  pTrade: number;
  /** The rolling window: per-minute open, high, low and INR volume; `head` = current minute. */
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  vol: Float64Array;
  head: number;
  minute: number;
  volSum: number;
  high24: number;
  low24: number;
}

interface PairHistory {
  hours: HistoryCandle[];
  minutes: HistoryCandle[];
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
const round2 = (v: number) => Math.round(v * 100) / 100;

/** Liquid pairs trade nearly every second, thin ones about one second in four. */
function tradeChance(volume24h: number): number {
  return Math.min(0.9, Math.max(0.25, 0.2 + 0.12 * Math.log10(volume24h / 1_000_000)));
}

function pairSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
}

export interface SimulatedSourceOptions {
  seed: number;
  /** Start of the simulation; history ends here. */
  start: Date;
  pairs?: readonly SimulatedPair[];
}

export class SimulatedSource implements TickerSource {
  readonly kind = 'simulated' as const;
  private readonly rng: SeededRandom;
  private readonly states: PairState[];
  private readonly startMinute: number;
  private lastStepMs: number;
  /** Generated history, kept until the candle store takes it. */
  private history: Map<string, PairHistory> | null = new Map();

  constructor(private readonly options: SimulatedSourceOptions) {
    this.rng = new SeededRandom(options.seed);
    this.startMinute = Math.floor(options.start.getTime() / MINUTE_MS);
    this.lastStepMs = options.start.getTime();
    this.states = (options.pairs ?? SIMULATED_PAIRS).map((pair, i) => this.openPair(pair, i));
  }

  initial(_now: Date): Quote[] {
    return this.states.map((s) => this.quote(s, 0));
  }

  async fetch(now: Date): Promise<Quote[]> {
    return this.step(now);
  }

  backfill(sink: HistorySink): void {
    for (const [market, h] of this.history ?? []) {
      for (const c of h.hours) sink.hour(market, c);
      for (const c of h.minutes) sink.minute(market, c);
    }
    this.history = null;
  }

  /** Trading from the previous step up to `now` (synchronous; `fetch` wraps it). */
  step(now: Date): Quote[] {
    const nowMs = now.getTime();
    const dt = Math.min(MAX_STEP_SECONDS, Math.max(0, (nowMs - this.lastStepMs) / 1000));
    if (nowMs > this.lastStepMs) this.lastStepMs = nowMs;
    const minute = Math.floor(nowMs / MINUTE_MS);
    const thetaSec = THETA_PER_DAY / 86_400;
    const actTheta = ACTIVITY_THETA_PER_DAY / 86_400;
    const actSigma = ACTIVITY_SD * Math.sqrt(2 * actTheta);
    return this.states.map((s) => {
      if (minute > s.minute) this.roll(s, minute);
      s.activity += -actTheta * dt * s.activity + actSigma * Math.sqrt(dt) * this.rng.normal();
      const p = 1 - (1 - s.pTrade) ** dt;
      let traded = 0;
      if (this.rng.uniform() < p) {
        // Given a trade, the move's variance is scaled by 1/p so the variance per unit of
        // time is the pair's, however often it trades.
        const sigmaSec = s.pair.dailyVol / Math.sqrt(86_400);
        const drift = ((thetaSec * dt) / p) * (s.anchor - s.x);
        s.x = this.clamp(s, s.x + drift + sigmaSec * Math.sqrt(dt / p) * this.rng.normal());
        s.price = round(Math.exp(s.x), s.pair.decimals);
        const expected = (s.pair.volume24h / 86_400) * (dt / p);
        const size = Math.exp(TRADE_SIZE_SD * this.rng.normal() - TRADE_SIZE_SD ** 2 / 2);
        traded = round2(expected * Math.exp(s.activity - ACTIVITY_SD ** 2 / 2) * size);
        const h = s.head;
        s.high[h] = Math.max(s.high[h]!, s.price);
        s.low[h] = Math.min(s.low[h]!, s.price);
        s.vol[h] = s.vol[h]! + traded;
        s.volSum += traded;
        s.high24 = Math.max(s.high24, s.price);
        s.low24 = Math.min(s.low24, s.price);
      }
      return this.quote(s, traded);
    });
  }

  private clamp(s: Pick<PairState, 'anchor' | 'maxDev'>, x: number): number {
    return Math.min(s.anchor + s.maxDev, Math.max(s.anchor - s.maxDev, x));
  }

  private quote(s: PairState, traded: number): Quote {
    const ref = s.open[(s.head + 1) % WINDOW]!;
    const change = ref > 0 ? round2((s.price / ref - 1) * 100) : 0;
    return {
      coin: {
        id: s.pair.market,
        name: s.name,
        symbol: s.name.toUpperCase(),
        price: s.price,
        market_cap: 0,
        volume: round2(Math.max(0, s.volSum)),
        price_change_percentage_24h: change,
        image: '',
        high_24h: s.high24,
        low_24h: s.low24,
      },
      priceText: s.price.toFixed(s.pair.decimals),
      traded,
    };
  }

  /** Moves the window to `minute`, dropping the minutes that fell out of the last 24 h. */
  private roll(s: PairState, minute: number): void {
    const steps = Math.min(minute - s.minute, WINDOW);
    for (let i = 0; i < steps; i++) {
      s.head = (s.head + 1) % WINDOW;
      s.open[s.head] = s.price;
      s.high[s.head] = s.price;
      s.low[s.head] = s.price;
      s.vol[s.head] = 0;
    }
    s.minute = minute;
    this.recompute(s);
  }

  /** Exact sums after a roll, so no float drift builds up in the running totals. */
  private recompute(s: PairState): void {
    let sum = 0;
    let hi = -Infinity;
    let lo = Infinity;
    for (let i = 0; i < WINDOW; i++) {
      sum += s.vol[i]!;
      if (s.high[i]! > hi) hi = s.high[i]!;
      if (s.low[i]! < lo) lo = s.low[i]!;
    }
    s.volSum = sum;
    s.high24 = hi;
    s.low24 = lo;
  }

  private openPair(pair: SimulatedPair, index: number): PairState {
    const price = round(pair.price, pair.decimals);
    const s: PairState = {
      pair,
      name: coinName(pair.market),
      anchor: Math.log(pair.price),
      maxDev: MAX_DEVIATION_DAILY_MOVES * pair.dailyVol,
      x: Math.log(pair.price),
      price,
      activity: 0,
      pTrade: tradeChance(pair.volume24h),
      open: new Float64Array(WINDOW).fill(price),
      high: new Float64Array(WINDOW).fill(price),
      low: new Float64Array(WINDOW).fill(price),
      vol: new Float64Array(WINDOW),
      head: WINDOW - 1,
      minute: this.startMinute,
      volSum: 0,
      high24: price,
      low24: price,
    };
    const history = this.generateHistory(pair, index);
    for (const c of history.minutes) {
      const back = this.startMinute - c.time / MINUTE_MS;
      if (back < 1 || back >= WINDOW) continue;
      const slot = (s.head - back + WINDOW) % WINDOW;
      s.open[slot] = c.open;
      s.high[slot] = c.high;
      s.low[slot] = c.low;
      s.vol[slot] = c.volume;
    }
    this.recompute(s);
    this.history?.set(pair.market, history);
    return s;
  }

  /**
   * The pair's past, from its own seeded stream, walking backwards from the opening price:
   * minutes back to the hour boundary at or before 24 h ago, then hours.
   */
  private generateHistory(pair: SimulatedPair, index: number): PairHistory {
    const rng = new SeededRandom(pairSeed(this.options.seed, index));
    const bounds = {
      anchor: Math.log(pair.price),
      maxDev: MAX_DEVIATION_DAILY_MOVES * pair.dailyVol,
    };
    const { anchor } = bounds;
    const firstMinute = Math.floor((this.startMinute - (WINDOW - 1)) / 60) * 60;
    const K = this.startMinute - firstMinute;
    const H = BACKFILL_HOURS - 24;
    // Always as many minutes as the latest possible hour boundary needs, so the random stream
    // (and the opening list) does not depend on the time of day the server starts.
    const KMAX = WINDOW - 1 + 59;

    // The log price and log activity, mean-reverting, `steps` steps of 1/perDay day each
    // from (x0, a0); one normal draw for each per step, price first.
    const walk = (steps: number, perDay: number, x0: number, a0: number) => {
      const x = new Float64Array(steps + 1);
      const a = new Float64Array(steps + 1);
      const sigma = pair.dailyVol / Math.sqrt(perDay);
      const theta = THETA_PER_DAY / perDay;
      const actTheta = ACTIVITY_THETA_PER_DAY / perDay;
      const actSigma = ACTIVITY_SD * Math.sqrt(2 * actTheta);
      x[0] = x0;
      a[0] = a0;
      for (let k = 1; k <= steps; k++) {
        x[k] = this.clamp(bounds, x[k - 1]! + theta * (anchor - x[k - 1]!) + sigma * rng.normal());
        a[k] = a[k - 1]! * (1 - actTheta) + actSigma * rng.normal();
      }
      return { x, a, sigma };
    };

    // xs[k] = log price k minutes before start; act[k] = log activity then.
    const { x: xs, a: act, sigma: sigmaMin } = walk(KMAX, 1440, anchor, 0);
    const bridgeAt = WINDOW - 1;
    const shift = Math.log(pair.price / (1 + pair.change24h / 100)) - xs[bridgeAt]!;
    for (let k = 1; k <= KMAX; k++) xs[k] = xs[k]! + (shift * Math.min(k, bridgeAt)) / bridgeAt;

    // xh[j] = log price j hours before the first minute.
    const { x: xh, a: acth, sigma: sigmaHour } = walk(H, 24, xs[K]!, act[K]!);

    const activity = (a: number) => Math.exp(a - ACTIVITY_SD ** 2 / 2);
    const minuteVol = new Float64Array(KMAX + 1);
    let lastDay = 0;
    for (let k = 1; k <= KMAX; k++) {
      const noise = Math.exp(MINUTE_VOLUME_SD * rng.normal() - MINUTE_VOLUME_SD ** 2 / 2);
      minuteVol[k] = (pair.volume24h / 1440) * activity(act[k]!) * noise;
      if (k < WINDOW) lastDay += minuteVol[k]!;
    }
    const volScale = lastDay > 0 ? pair.volume24h / lastDay : 1;

    const candle = (
      time: number,
      xOpen: number,
      xClose: number,
      sigma: number,
      volume: number,
    ): HistoryCandle => {
      const open = round(Math.exp(xOpen), pair.decimals);
      const close = round(Math.exp(xClose), pair.decimals);
      const up = Math.abs(rng.normal()) * sigma * 0.6;
      const down = Math.abs(rng.normal()) * sigma * 0.6;
      const high = Math.max(
        open,
        close,
        round(Math.max(open, close) * Math.exp(up), pair.decimals),
      );
      const low = Math.min(
        open,
        close,
        round(Math.min(open, close) * Math.exp(-down), pair.decimals),
      );
      return {
        time,
        open,
        high,
        low: low > 0 ? low : Math.min(open, close),
        close,
        volume: round2(volume * volScale),
      };
    };

    // Newest first, every generated minute, for the same fixed-order stream as above.
    const minutes: HistoryCandle[] = [];
    for (let k = 1; k <= KMAX; k++) {
      const c = candle(
        (this.startMinute - k) * MINUTE_MS,
        xs[k]!,
        xs[k - 1]!,
        sigmaMin,
        minuteVol[k]!,
      );
      if (k <= K) minutes.push(c);
    }
    minutes.reverse();
    const hours: HistoryCandle[] = [];
    for (let j = H; j >= 1; j--) {
      const noise = Math.exp(HOUR_VOLUME_SD * rng.normal() - HOUR_VOLUME_SD ** 2 / 2);
      const volume = (pair.volume24h / 24) * activity(acth[j]!) * noise;
      hours.push(
        candle(firstMinute * MINUTE_MS - j * HOUR_MS, xh[j]!, xh[j - 1]!, sigmaHour, volume),
      );
    }
    return { hours, minutes };
  }
}
