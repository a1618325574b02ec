import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tickersResponseSchema } from '@sikka/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { freePort } from '../../../test/support/pg-cluster.ts';
import { mapCoinDcxTickers } from '../src/market/coin-mapping.ts';
import {
  coinDcxItem,
  startFakeUpstream,
  type FakeUpstream,
} from '../../../test/support/market-fake-upstream.ts';

// The feed does not touch the database; one driver is enough here.
describe('upstream ticker source against a local CoinDCX-shaped server', () => {
  let upstream: FakeUpstream;
  let t: TestApp;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp('pglite', {
      MARKET_SOURCE: 'upstream',
      TICKER_URL: upstream.url,
      // Long enough that a loaded machine's first request to the local server is not taken
      // for a dead upstream; the slow upstream below outlasts it by far.
      TICKER_TIMEOUT_MS: 2000,
      MARKET_AUTOSTART: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const tickers = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/market/tickers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return tickersResponseSchema.parse(res.json());
  };

  const goodList = [
    coinDcxItem('BTCINR', '9500000.5', {
      volume: '123.45',
      change_24_hour: '-1.25',
      high: '9600000',
      low: '9400000',
    }),
    coinDcxItem('USDTINR', '88.15', { change_24_hour: '0.12' }),
    coinDcxItem('B-BTC_USDT', '108000'),
    coinDcxItem('ETHBTC', '0.036'),
  ];

  it('has no list, no time and no error before the first poll', async () => {
    expect(await tickers()).toEqual({
      coins: [],
      source: 'upstream',
      updatedAt: null,
      error: null,
    });
    expect(t.app.market.getUsdtInrRate()).toBeNull();
  });

  it('maps INR markets only, as the spec says, and reads the USDT/INR rate as a decimal string', async () => {
    upstream.reply = { status: 200, body: goodList, delayMs: 0 };
    const tick = await t.app.market.tick();
    expect(tick.error).toBeNull();
    const body = await tickers();
    expect(body.error).toBeNull();
    expect(body.source).toBe('upstream');
    expect(Date.parse(body.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.coins).toEqual([
      {
        id: 'BTCINR',
        name: 'BTC',
        symbol: 'BTC',
        price: 9500000.5,
        market_cap: 0,
        volume: 123.45,
        price_change_percentage_24h: -1.25,
        image: '',
        high_24h: 9600000,
        low_24h: 9400000,
      },
      expect.objectContaining({
        id: 'USDTINR',
        name: 'USDT',
        symbol: 'USDT',
        price: 88.15,
        price_change_percentage_24h: 0.12,
      }),
    ]);
    expect(t.app.market.getUsdtInrRate()).toBe('88.15');
  });

  it('keeps the last good list and publishes "HTTP error! status: 500"', async () => {
    const before = await tickers();
    upstream.reply = { status: 500, body: { message: 'down' }, delayMs: 0 };
    const tick = await t.app.market.tick();
    expect(tick.error).toBe('HTTP error! status: 500');
    expect(tick.errorChanged).toBe(true);
    const body = await tickers();
    expect(body.error).toBe(messages.ticker.httpError(500));
    expect(body.coins).toEqual(before.coins);
    expect(body.updatedAt).toBe(before.updatedAt);
    expect(t.app.market.getUsdtInrRate()).toBe('88.15');
  });

  it('refuses a body that is not an array', async () => {
    const before = await tickers();
    upstream.reply = { status: 200, body: { data: goodList }, delayMs: 0 };
    await t.app.market.tick();
    const body = await tickers();
    expect(body.error).toBe('Invalid data format received from API');
    expect(body.coins).toEqual(before.coins);
  });

  it('refuses a list without INR markets', async () => {
    const before = await tickers();
    upstream.reply = {
      status: 200,
      body: [coinDcxItem('BTCUSDT', '108000'), coinDcxItem('ETH_USDT', '4000')],
      delayMs: 0,
    };
    await t.app.market.tick();
    const body = await tickers();
    expect(body.error).toBe('No cryptocurrency data available');
    expect(body.coins).toEqual(before.coins);
  });

  it('reports a malformed body with the fallback text', async () => {
    upstream.reply = { status: 200, body: '[{"market": "BTCINR", "last_pri', delayMs: 0 };
    await t.app.market.tick();
    expect((await tickers()).error).toBe('Failed to fetch cryptocurrency data');
  });

  it('gives up on a slow upstream after the timeout, with the fallback text', async () => {
    const before = await tickers();
    upstream.reply = { status: 200, body: goodList, delayMs: 8000 };
    const started = Date.now();
    const tick = await t.app.market.tick();
    // Given up after the timeout (2 s), long before the answer would have come.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(tick.error).toBe(messages.ticker.fallback);
    expect((await tickers()).coins).toEqual(before.coins);
  });

  it('clears the error and replaces the list when the upstream recovers', async () => {
    upstream.reply = {
      status: 200,
      body: [coinDcxItem('USDTINR', '88.40'), coinDcxItem('SOLINR', '16900.1')],
      delayMs: 0,
    };
    const tick = await t.app.market.tick();
    expect(tick.error).toBeNull();
    expect(tick.errorChanged).toBe(true);
    expect(tick.removed).toEqual(['BTCINR']);
    expect(tick.changed.map((c) => c.id).sort()).toEqual(['SOLINR', 'USDTINR']);
    const body = await tickers();
    expect(body.error).toBeNull();
    expect(body.coins.map((c) => c.id)).toEqual(['USDTINR', 'SOLINR']);
    expect(t.app.market.getUsdtInrRate()).toBe('88.40');
  });

  it('reports only the coins whose values changed', async () => {
    upstream.reply = {
      status: 200,
      body: [coinDcxItem('USDTINR', '88.40'), coinDcxItem('SOLINR', '16950')],
      delayMs: 0,
    };
    const tick = await t.app.market.tick();
    expect(tick.changed.map((c) => c.id)).toEqual(['SOLINR']);
  });

  it('never runs two polls at once, however often it is asked', async () => {
    upstream.reply = { status: 200, body: goodList, delayMs: 150 };
    upstream.reset();
    await Promise.all([t.app.market.tick(), t.app.market.tick(), t.app.market.tick()]);
    expect(upstream.requests).toBe(3);
    expect(upstream.maxInFlight).toBe(1);
  });

  it('builds candles for upstream markets from the polls', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/market/candles?market=BTCINR&interval=1m&limit=5',
    });
    expect(res.statusCode).toBe(200);
    const candles = res.json().candles;
    expect(candles.length).toBeGreaterThanOrEqual(1);
    expect(candles.at(-1).close).toBe(9500000.5);
  });
});

describe('upstream failures that never reach HTTP', () => {
  it('reports a refused connection with the fallback text, and no list', async () => {
    const port = await freePort();
    const t = await startTestApp('pglite', {
      MARKET_SOURCE: 'upstream',
      TICKER_URL: `http://127.0.0.1:${port}/exchange/ticker`,
      MARKET_AUTOSTART: false,
    });
    try {
      const tick = await t.app.market.tick();
      expect(tick.error).toBe('Failed to fetch cryptocurrency data');
      const body = (await t.app.inject({ method: 'GET', url: '/api/market/tickers' })).json();
      expect(body).toEqual({
        coins: [],
        source: 'upstream',
        updatedAt: null,
        error: 'Failed to fetch cryptocurrency data',
      });
    } finally {
      await t.close();
    }
  });
});

describe('polling on its own', () => {
  it('polls about once per interval and never overlaps a slow upstream', async () => {
    const upstream = await startFakeUpstream();
    upstream.reply = { status: 200, body: [coinDcxItem('USDTINR', '88.1')], delayMs: 250 };
    const t = await startTestApp('pglite', {
      MARKET_SOURCE: 'upstream',
      TICKER_URL: upstream.url,
      MARKET_POLL_MS: 100,
      TICKER_TIMEOUT_MS: 2000,
    });
    try {
      await new Promise((r) => setTimeout(r, 1300));
      expect(upstream.maxInFlight).toBe(1);
      // 250 ms per request, back to back: about 5, never the 13 a fixed 100 ms timer would fire.
      expect(upstream.requests).toBeGreaterThanOrEqual(3);
      expect(upstream.requests).toBeLessThanOrEqual(6);
    } finally {
      await t.close();
      await upstream.close();
    }
    // Stopped with the app: no request after close.
    const after = upstream.requests;
    await new Promise((r) => setTimeout(r, 300));
    expect(upstream.requests).toBe(after);
  });
});

describe('CoinDCX mapping details', () => {
  it('takes the part before "_" as the name and removes a trailing "inr" for display', () => {
    const quotes = mapCoinDcxTickers([
      { market: 'PEPE_INR', last_price: '0.00083' },
      { market: 'DOGEINR', last_price: '17.8' },
      { market: 'INR', last_price: '1' },
    ]);
    expect(quotes.map((q) => [q.coin.id, q.coin.name, q.coin.symbol])).toEqual([
      ['PEPE_INR', 'PEPE', 'PEPE'],
      ['DOGEINR', 'DOGE', 'DOGE'],
      ['INR', 'INR', 'INR'],
    ]);
  });

  it('treats every field as optional and skips items it cannot use', () => {
    const quotes = mapCoinDcxTickers([
      null,
      42,
      'BTCINR',
      { last_price: '1' },
      { market: 'ETHINR' },
      { market: 'ETHINR', last_price: 'abc' },
      { market: 'XRPINR', last_price: '221.5' },
      { market: 'XRPINR', last_price: '999' },
      { market: 'dogeinr', last_price: '17' },
    ]);
    expect(quotes).toEqual([
      {
        coin: {
          id: 'XRPINR',
          name: 'XRP',
          symbol: 'XRP',
          price: 221.5,
          market_cap: 0,
          volume: 0,
          price_change_percentage_24h: 0,
          image: '',
          high_24h: null,
          low_24h: null,
        },
        priceText: '221.5',
      },
    ]);
  });

  it('accepts numbers as well as strings, and gives no decimal text for exponent forms', () => {
    const [q] = mapCoinDcxTickers([
      { market: 'SHIBINR', last_price: 1e-7, volume: 5, change_24_hour: -2 },
    ]);
    expect(q!.coin).toMatchObject({ price: 1e-7, volume: 5, price_change_percentage_24h: -2 });
    expect(q!.priceText).toBeNull();
  });

  it('throws the spec texts for a non-array and for an empty result', () => {
    expect(() => mapCoinDcxTickers({})).toThrow('Invalid data format received from API');
    expect(() => mapCoinDcxTickers('[]')).toThrow('Invalid data format received from API');
    expect(() => mapCoinDcxTickers([])).toThrow('No cryptocurrency data available');
    expect(() => mapCoinDcxTickers([{ market: 'BTCUSDT', last_price: '1' }])).toThrow(
      'No cryptocurrency data available',
    );
  });
});
