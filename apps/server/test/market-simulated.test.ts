import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candlesResponseSchema,
  messages,
  tickersResponseSchema,
  type Candle,
  type Coin,
} from '@sikka/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { CandleStore } from '../src/market/candles.ts';
import { SimulatedSource } from '../src/market/simulated-source.ts';
import { SIMULATED_PAIRS } from '../src/market/simulated-pairs.ts';

const START = new Date('2026-03-02T10:15:30.000Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
const coins = (s: SimulatedSource, seconds: number) => s.step(at(seconds)).map((q) => q.coin);

function expectConsistent(candles: Candle[], stepSeconds: number) {
  for (const [i, c] of candles.entries()) {
    expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    expect(c.low).toBeGreaterThan(0);
    expect(c.volume).toBeGreaterThanOrEqual(0);
    expect(c.time % stepSeconds).toBe(0);
    if (i > 0) expect(c.time).toBeGreaterThan(candles[i - 1]!.time);
  }
}

describe('the simulated market', () => {
  it('opens with at least 40 real INR pairs, USDT/INR near 88', () => {
    const s = new SimulatedSource({ seed: 1, start: START });
    const list = s.initial(START).map((q) => q.coin);
    expect(list.length).toBeGreaterThanOrEqual(40);
    const ids = list.map((c) => c.id);
    for (const m of [
      'USDTINR',
      'BTCINR',
      'ETHINR',
      'SOLINR',
      'XRPINR',
      'DOGEINR',
      'ADAINR',
      'TRXINR',
      'POLINR',
      'DOTINR',
      'LTCINR',
      'SHIBINR',
      'AVAXINR',
      'LINKINR',
      'BNBINR',
    ]) {
      expect(ids).toContain(m);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of list) {
      expect(c.id.endsWith('INR')).toBe(true);
      expect(c.name).toBe(c.id.replace(/INR$/, ''));
      expect(c.symbol).toBe(c.name.toUpperCase());
      expect(c).toMatchObject({ market_cap: 0, image: '' });
      expect(c.price).toBeGreaterThan(0);
      expect(c.volume).toBeGreaterThan(1_000_000);
      expect(c.high_24h!).toBeGreaterThanOrEqual(c.price);
      expect(c.low_24h!).toBeLessThanOrEqual(c.price);
    }
    const usdt = list.find((c) => c.id === 'USDTINR')!;
    expect(usdt.price).toBeGreaterThan(86);
    expect(usdt.price).toBeLessThan(90);
    // The opening 24 h change and volume are the bundled snapshot's.
    const btc = list.find((c) => c.id === 'BTCINR')!;
    const bundled = SIMULATED_PAIRS.find((p) => p.market === 'BTCINR')!;
    expect(btc.price_change_percentage_24h).toBeCloseTo(bundled.change24h, 1);
    expect(btc.volume / bundled.volume24h).toBeCloseTo(1, 3);
  });

  it('is the same walk for the same seed and a different one for another seed', () => {
    const a = new SimulatedSource({ seed: 42, start: START });
    const b = new SimulatedSource({ seed: 42, start: START });
    const c = new SimulatedSource({ seed: 43, start: START });
    let differs = false;
    for (let i = 1; i <= 200; i++) {
      const ca = coins(a, i);
      expect(coins(b, i)).toEqual(ca);
      if (JSON.stringify(coins(c, i)) !== JSON.stringify(ca)) differs = true;
    }
    expect(differs).toBe(true);
  });

  it('moves only some coins each second within a minute', () => {
    const minuteStart = Math.floor(START.getTime() / 60_000) * 60_000;
    const s = new SimulatedSource({ seed: 7, start: new Date(minuteStart) });
    const step = (i: number) => s.step(new Date(minuteStart + i * 1000)).map((q) => q.coin);
    let prev = step(1);
    let moved = 0;
    for (let i = 2; i <= 59; i++) {
      const next = step(i);
      const changed = next.filter((c, k) => JSON.stringify(c) !== JSON.stringify(prev[k]));
      expect(changed.length).toBeLessThan(next.length);
      moved += changed.length;
      prev = next;
    }
    expect(moved).toBeGreaterThan(100);
  });

  it('keeps prices, 24 h change and volume plausible over more than a day', () => {
    const s = new SimulatedSource({ seed: 99, start: START });
    const bundled = new Map(SIMULATED_PAIRS.map((p) => [p.market, p]));
    const check = (list: Coin[]) => {
      for (const c of list) {
        const p = bundled.get(c.id)!;
        const ratio = c.price / p.price;
        expect(ratio).toBeGreaterThan(Math.exp(-3.6 * p.dailyVol) * 0.999);
        expect(ratio).toBeLessThan(Math.exp(3.6 * p.dailyVol) * 1.001);
        expect(Math.abs(c.price_change_percentage_24h)).toBeLessThan(60);
        expect(c.volume / p.volume24h).toBeGreaterThan(0.3);
        expect(c.volume / p.volume24h).toBeLessThan(3);
        expect(c.high_24h!).toBeGreaterThanOrEqual(c.price);
        expect(c.low_24h!).toBeLessThanOrEqual(c.price);
      }
    };
    // 26 h of one step every 5 s (the window of 24 h is replaced entirely), checked hourly.
    for (let i = 1; i <= (26 * 3600) / 5; i++) {
      const list = coins(s, i * 5);
      if (i % 720 === 0) check(list);
    }
    const usdt = coins(s, 26 * 3600 + 5).find((c) => c.id === 'USDTINR')!;
    expect(usdt.price).toBeGreaterThan(86);
    expect(usdt.price).toBeLessThan(90);
  });

  it('quotes USDT/INR as an exact decimal string', () => {
    const s = new SimulatedSource({ seed: 5, start: START });
    const q = s.step(at(1)).find((x) => x.coin.id === 'USDTINR')!;
    expect(q.priceText).toMatch(/^\d+\.\d{2}$/);
    expect(Number(q.priceText)).toBe(q.coin.price);
  });
});

describe('candles', () => {
  it('sums what traded, or the increases of the 24 h volume, into bounded series', () => {
    const store = new CandleStore();
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    store.recordTick('AINR', t0, 100, 5000);
    store.recordTick('AINR', t0 + 1000, 103, 5200); // +200 traded
    store.recordTick('AINR', t0 + 2000, 99, 5100); // window dropped old trades: not negative
    store.recordTick('AINR', t0 + 3000, 101, 5150); // +50
    store.recordTick('AINR', t0 + 60_000, 102, 5160); // next minute, +10
    expect(store.get('AINR', '1m', 10)).toEqual([
      { time: t0 / 1000, open: 100, high: 103, low: 99, close: 101, volume: 250 },
      { time: t0 / 1000 + 60, open: 102, high: 102, low: 102, close: 102, volume: 10 },
    ]);
    expect(store.get('AINR', '1h', 10)).toEqual([
      { time: t0 / 1000, open: 100, high: 103, low: 99, close: 102, volume: 260 },
    ]);
    store.recordTick('BINR', t0, 10, 0, 7.5);
    store.recordTick('BINR', t0 + 1000, 11, 0, 2.5);
    expect(store.get('BINR', '1m', 1)![0]!.volume).toBe(10);
    for (let m = 0; m < 3000; m++) store.recordTick('CINR', t0 + m * 60_000, 1 + m, 0, 1);
    const minutes = store.get('CINR', '1m', 5000)!;
    expect(minutes).toHaveLength(1440);
    expect(minutes.at(-1)!.close).toBe(3000);
    expect(minutes[0]!.close).toBe(3000 - 1439);
    expect(store.get('NOPEINR', '1m', 1)).toBeUndefined();
  });
});

describe('market endpoints on the simulated feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false, MARKET_SEED: 1234 });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the snapshot with its source, time and no error', async () => {
    const res = await get('/api/market/tickers');
    expect(res.statusCode).toBe(200);
    const body = tickersResponseSchema.parse(res.json());
    expect(body.source).toBe('simulated');
    expect(body.error).toBeNull();
    expect(body.updatedAt).not.toBeNull();
    expect(body.coins.length).toBeGreaterThanOrEqual(40);
    // MARKET_SEED drives the market: the opening list is that seed's.
    const reference = new SimulatedSource({ seed: 1234, start: START })
      .initial(START)
      .map((q) => q.coin);
    expect(body.coins).toEqual(reference);
    const rate = t.app.market.getUsdtInrRate()!;
    expect(rate).toMatch(/^\d+\.\d{2}$/);
    expect(Number(rate)).toBeCloseTo(88, 0);
  });

  it('has at least 100 hourly USDT/INR candles at start, consistent and continuous', async () => {
    const res = await get('/api/market/candles?market=USDTINR&interval=1h&limit=100');
    expect(res.statusCode).toBe(200);
    const { candles } = candlesResponseSchema.parse(res.json());
    expect(candles).toHaveLength(100);
    expectConsistent(candles, 3600);
    for (let i = 1; i < candles.length; i++)
      expect(candles[i]!.time - candles[i - 1]!.time).toBe(3600);
    const price = t.app.market.snapshot().coins.find((c) => c.id === 'USDTINR')!.price;
    expect(candles.at(-1)!.close).toBe(price);
    expect(candles.every((c) => c.low > 80 && c.high < 96)).toBe(true);
  });

  it('has a day of minute candles, the default limit of 200, and the limit bound', async () => {
    const minutes = candlesResponseSchema.parse(
      (await get('/api/market/candles?market=BTCINR&interval=1m&limit=1000')).json(),
    );
    expect(minutes.candles).toHaveLength(1000);
    expectConsistent(minutes.candles, 60);
    const byDefault = (await get('/api/market/candles?market=BTCINR')).json();
    expect(byDefault.candles).toHaveLength(200);
    expect(byDefault.candles[1].time - byDefault.candles[0].time).toBe(3600);
    const tooMany = await get('/api/market/candles?market=BTCINR&interval=1m&limit=1001');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'validation_error',
      message: messages.market.limitInvalid,
    });
  });

  it('updates the current candle from each tick', async () => {
    await t.app.market.tick();
    await t.app.market.tick();
    const price = t.app.market.snapshot().coins.find((c) => c.id === 'ETHINR')!.price;
    const [last] = (await get('/api/market/candles?market=ETHINR&interval=1m&limit=1')).json()
      .candles;
    expect(last.close).toBe(price);
    expect(last.time).toBe(Math.floor(Date.now() / 60_000) * 60);
  });

  it('refuses an unknown market with 404 and a bad interval with 400', async () => {
    const unknown = await get('/api/market/candles?market=FOOINR&interval=1h');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'not_found', message: 'No market named FOOINR' },
    });
    const badInterval = await get('/api/market/candles?market=USDTINR&interval=5m');
    expect(badInterval.statusCode).toBe(400);
    expect(badInterval.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Interval must be 1m or 1h',
      fields: { interval: 'Interval must be 1m or 1h' },
    });
    const badMarket = await get('/api/market/candles?market=%3Cscript%3E');
    expect(badMarket.statusCode).toBe(400);
  });
});
