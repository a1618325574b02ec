import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  applyCoinTick,
  tickersResponseSchema,
  WS_CLOSE_SESSION_ENDED,
  WS_MAX_MESSAGE_BYTES,
  type Coin,
  type ServerMessage,
} from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';
import {
  coinDcxItem,
  startFakeUpstream,
  type FakeUpstream,
} from '../../../test/support/market-fake-upstream.ts';
import { connect, listen, sleep, type TestSocket } from '../../../test/support/realtime-client.ts';

const ALLOWED = 'https://app.sikka.example';

/** Resolves with the HTTP status of a refused handshake, or 101 when it was accepted. */
function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('realtime socket: market snapshot and deltas', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  const open = async (options: WebSocket.ClientOptions = {}) => {
    const s = await connect(url, options);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp('pglite', {
      MARKET_AUTOSTART: false,
      ALLOWED_ORIGINS: ALLOWED,
      WS_HEARTBEAT_MS: 200,
    });
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('sends the full snapshot on connect, then only the live fields of the coins each tick changed', async () => {
    const s = await open();
    const snapshot = await s.next('snapshot');
    const rest = tickersResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/market/tickers' })).json(),
    );
    expect(snapshot).toEqual({ type: 'snapshot', ...rest });
    expect(snapshot.coins.length).toBeGreaterThanOrEqual(40);

    const local = new Map<string, Coin>(snapshot.coins.map((c) => [c.id, c]));
    let sawPartial = false;
    for (let i = 0; i < 3; i++) {
      const before = t.app.market.snapshot().coins;
      await sleep(1000); // the simulated market moves by the time between polls
      const tick = await t.app.market.tick();
      const delta = await s.next('tickers');
      // No names, symbols or images: the same coins, none new, none removed.
      expect(Object.keys(delta).sort()).toEqual(['c', 'error', 'type', 'updatedAt']);
      expect(delta.error).toBeNull();
      expect(delta.updatedAt).toBe(tick.updatedAt);
      const moved = tick.changed.map((c) => c.id);
      expect(moved.length).toBeGreaterThan(0);
      expect(delta.c.map((x) => x[0])).toEqual(moved);
      const old = new Map(before.map((c) => [c.id, c]));
      for (const x of delta.c) {
        const was = old.get(x[0])!;
        const now = tick.changed.find((c) => c.id === x[0])!;
        const extremesMoved = was.high_24h !== now.high_24h || was.low_24h !== now.low_24h;
        expect(x).toEqual(
          extremesMoved
            ? [
                now.id,
                now.price,
                now.price_change_percentage_24h,
                now.volume,
                now.high_24h,
                now.low_24h,
              ]
            : [now.id, now.price, now.price_change_percentage_24h, now.volume],
        );
        const merged = applyCoinTick(local.get(x[0])!, x);
        expect(merged).toEqual(now);
        local.set(x[0], merged);
      }
      if (delta.c.length < snapshot.coins.length) sawPartial = true;
    }
    expect(sawPartial).toBe(true);
    // Snapshot + deltas = the server's list.
    const now = t.app.market.snapshot().coins;
    expect(now.map((c) => local.get(c.id))).toEqual(now);
  });

  it('serialises each tick once for all sockets', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => open()));
    await Promise.all(clients.map((c) => c.next('snapshot')));
    const before = { ...t.app.realtime.stats };
    await sleep(1000);
    const tick = await t.app.market.tick();
    expect(tick.changed.length).toBeGreaterThan(0);
    await Promise.all(clients.map((c) => c.next('tickers')));
    expect(t.app.realtime.stats.ticksSerialised - before.ticksSerialised).toBe(1);
    expect(t.app.realtime.stats.deltasSent - before.deltasSent).toBe(t.app.realtime.size);
  });

  it('skips a backed-up socket and catches it up with a snapshot once it drains', async () => {
    // A stand-in for a ws socket whose send buffer is full (a browser on a bad network).
    const sent: string[] = [];
    let answerPing = () => {};
    const slow: { readyState: number; bufferedAmount: number } & Record<string, unknown> = {
      readyState: WebSocket.OPEN,
      bufferedAmount: 0,
      send: (data: Buffer) => sent.push(data.toString()),
      on: (event: string, listener: () => void) => {
        if (event === 'pong') answerPing = listener;
      },
      close: () => undefined,
      terminate: () => undefined,
      ping: () => answerPing(),
    };
    t.app.realtime.accept(slow as unknown as WebSocket, null);
    const market = () => sent.filter((m) => !m.includes('"type":"heartbeat"'));
    expect(JSON.parse(market()[0]!).type).toBe('snapshot');
    slow.bufferedAmount = 10 * 1024 * 1024;
    const skips = t.app.realtime.stats.slowSkips;
    await sleep(1000);
    expect((await t.app.market.tick()).changed.length).toBeGreaterThan(0);
    expect(market()).toHaveLength(1);
    expect(t.app.realtime.stats.slowSkips).toBe(skips + 1);
    slow.bufferedAmount = 0;
    await sleep(1000);
    await t.app.market.tick();
    expect(market()).toHaveLength(2);
    const caughtUp = JSON.parse(market()[1]!);
    expect(caughtUp.type).toBe('snapshot');
    expect(caughtUp.coins).toEqual(t.app.market.snapshot().coins);
    await sleep(1000);
    await t.app.market.tick();
    expect(JSON.parse(market()[2]!).type).toBe('tickers');
    slow.readyState = WebSocket.CLOSED;
  });

  it('refuses a foreign Origin at the handshake and accepts its own and the allowed ones', async () => {
    const host = new URL(url).host;
    expect(await handshakeStatus(url, { origin: 'https://evil.example' })).toBe(403);
    expect(await handshakeStatus(url, { origin: 'null' })).toBe(403);
    expect(await handshakeStatus(url, { origin: `http://${host}` })).toBe(101);
    expect(await handshakeStatus(url, { origin: ALLOWED })).toBe(101);
    expect(await handshakeStatus(url, {})).toBe(101);
  });

  it('closes the socket on a message over 4 KB, answers ping and resync', async () => {
    const s = await open();
    await s.next('snapshot');
    s.ws.send(JSON.stringify({ type: 'ping' }));
    await s.next('pong');
    s.ws.send(JSON.stringify({ type: 'resync' }));
    await s.next('snapshot');
    s.ws.send('not json');
    s.ws.send(JSON.stringify({ type: 'unknown' }));
    s.ws.send('x'.repeat(WS_MAX_MESSAGE_BYTES + 1));
    const { code } = await s.closed;
    expect(code).toBe(1009);
  });

  it('sends a heartbeat and drops a socket that stops answering pings', async () => {
    const live = await open();
    await live.next('heartbeat');
    const dead = await open({ autoPong: false });
    await dead.next('snapshot');
    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated, no close frame
    expect(live.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe.each(availableDrivers())(
  'realtime socket: balance events and sessions on %s',
  (driver) => {
    let t: TestApp;
    let url: string;
    const sockets: TestSocket[] = [];
    const open = async (options: WebSocket.ClientOptions = {}) => {
      const s = await connect(url, options);
      sockets.push(s);
      await s.next('snapshot');
      return s;
    };
    const balances = (s: TestSocket) =>
      s.messages.filter(
        (m): m is Extract<ServerMessage, { type: 'balance' }> => m.type === 'balance',
      );

    beforeAll(async () => {
      t = await startTestApp(driver, { MARKET_AUTOSTART: false, WS_SESSION_CHECK_MS: 250 });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await t.close();
    });

    it("sends a balance change only to the owner's sockets", async () => {
      const asha = await signUp(t.app);
      const ravi = await signUp(t.app);
      const ashaTab1 = await open({ headers: { cookie: asha.cookie } });
      const ashaTab2 = await open({ headers: { cookie: asha.cookie } });
      const raviTab = await open({ headers: { cookie: ravi.cookie } });
      const guest = await open();

      await t.app.db.query('UPDATE users SET balance = balance + 100 WHERE id = $1', [asha.id]);
      for (const tab of [ashaTab1, ashaTab2]) {
        expect(await tab.next('balance')).toEqual({
          type: 'balance',
          balances: { inr: '100.00', inrHeld: '0.00', usdt: '0.00000000' },
        });
      }
      await t.app.db.query(
        "UPDATE wallets SET balance = balance + 2.5 WHERE user_id = $1 AND coin_symbol = 'USDT'",
        [asha.id],
      );
      expect((await ashaTab1.next('balance')).balances).toEqual({
        inr: '100.00',
        inrHeld: '0.00',
        usdt: '2.50000000',
      });
      await sleep(300);
      await t.app.realtime.settled();
      // Ravi's own sign-up (his wallet row) may notify after his tab opened on a busy
      // machine; that is his zero balance. Nothing of Asha's may reach him or a guest.
      for (const m of balances(raviTab)) {
        expect(m.balances).toEqual({ inr: '0.00', inrHeld: '0.00', usdt: '0.00000000' });
      }
      expect(balances(guest)).toEqual([]);
    });

    it('does not notify when the balance did not change, and coalesces a burst', async () => {
      const u = await signUp(t.app);
      const tab = await open({ headers: { cookie: u.cookie } });
      // The sign-up itself (the wallet row) notifies; on a loaded machine that event can
      // arrive after the socket opened. Let it land, then count only what follows.
      await sleep(300);
      await t.app.realtime.settled();
      const before = balances(tab).length;
      await t.app.db.query("UPDATE users SET full_name = 'Asha R' WHERE id = $1", [u.id]);
      await t.app.db.query('UPDATE users SET balance = balance WHERE id = $1', [u.id]);
      await sleep(300);
      await t.app.realtime.settled();
      expect(balances(tab).slice(before)).toEqual([]);
      // One statement per update but no awaits between them: a burst, as a trade storm is.
      await Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.db.query('UPDATE users SET balance = balance + 1 WHERE id = $1', [u.id]),
        ),
      );
      await sleep(300);
      await t.app.realtime.settled();
      const got = balances(tab).slice(before);
      expect(got.length).toBeGreaterThanOrEqual(1);
      expect(got.length).toBeLessThanOrEqual(10);
      expect(got.at(-1)!.balances.inr).toBe('10.00');
      // How many of those were merged depends on the machine's timing; the hub's own
      // coalescing is shown without it: ten notifications inside one window → one event.
      const mark = balances(tab).length;
      for (let i = 0; i < 10; i++) t.app.realtime.onBalanceChanged(u.id);
      await sleep(200);
      await t.app.realtime.settled();
      const merged = balances(tab).slice(mark);
      expect(merged).toHaveLength(1);
      expect(merged[0]!.balances.inr).toBe('10.00');
    });

    it('closes a signed-in socket soon after logout, and leaves guests connected', async () => {
      const u = await signUp(t.app);
      const tab = await open({ headers: { cookie: u.cookie } });
      const guest = await open();
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: u.cookie },
      });
      expect(res.statusCode).toBe(204);
      const { code } = await tab.closed;
      expect(code).toBe(WS_CLOSE_SESSION_ENDED);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(guest.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('closes a socket whose session expired', async () => {
      const u = await signUp(t.app);
      const tab = await open({ headers: { cookie: u.cookie } });
      t.advance(4 * 24 * 3600 * 1000);
      try {
        expect((await tab.closed).code).toBe(WS_CLOSE_SESSION_ENDED);
      } finally {
        t.advance(-4 * 24 * 3600 * 1000);
      }
    });
  },
);

describe('realtime socket: coins joining, leaving and moving in the upstream list', () => {
  let upstream: FakeUpstream;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp('pglite', {
      MARKET_SOURCE: 'upstream',
      TICKER_URL: upstream.url,
      MARKET_AUTOSTART: false,
    });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const poll = async (body: unknown[]) => {
    upstream.reply = { status: 200, body, delayMs: 0 };
    return t.app.market.tick();
  };

  it('sends a new coin whole, removed ids, only moved fields, and a snapshot for a reorder', async () => {
    const usdt = (price: string, extra = {}) =>
      coinDcxItem('USDTINR', price, { high: '90', low: '87', ...extra });
    const btc = coinDcxItem('BTCINR', '9500000', { high: '9600000', low: '9400000' });
    const sol = coinDcxItem('SOLINR', '16900.5', { change_24_hour: '-2.5', volume: '77' });
    await poll([usdt('88.15'), btc]);
    const s = await connect(url);
    try {
      expect((await s.next('snapshot')).coins.map((c) => c.id)).toEqual(['USDTINR', 'BTCINR']);

      // USDT moved (price only: high and low stay out), BTC did not, SOL is new.
      await poll([usdt('88.20'), btc, sol]);
      const joined = await s.next('tickers');
      expect(joined.c).toEqual([['USDTINR', 88.2, 1.5, 1000.5]]);
      expect(joined.coins).toEqual([
        {
          id: 'SOLINR',
          name: 'SOL',
          symbol: 'SOL',
          price: 16900.5,
          market_cap: 0,
          volume: 77,
          price_change_percentage_24h: -2.5,
          image: '',
          high_24h: 16900.5 * 1.02,
          low_24h: 16900.5 * 0.98,
        },
      ]);
      expect(joined.removed).toBeUndefined();

      // BTC left; USDT made a new 24 h high, so high and low come along.
      await poll([usdt('88.30', { high: '91' }), sol]);
      const left = await s.next('tickers');
      expect(left.removed).toEqual(['BTCINR']);
      expect(left.c).toEqual([['USDTINR', 88.3, 1.5, 1000.5, 91, 87]]);
      expect(left.coins).toBeUndefined();

      // The same coins in another order: a delta cannot say so, a snapshot does.
      const before = t.app.realtime.stats.snapshotsSent;
      await poll([sol, usdt('88.30', { high: '91' })]);
      const reordered = await s.next('snapshot');
      expect(reordered.coins.map((c) => c.id)).toEqual(['SOLINR', 'USDTINR']);
      expect(reordered.coins).toEqual(t.app.market.snapshot().coins);
      expect(t.app.realtime.stats.snapshotsSent).toBe(before + 1);
      expect(s.messages.filter((m) => m.type === 'tickers')).toHaveLength(2);
    } finally {
      s.close();
    }
  });
});

describe('realtime socket: one upstream request per second however many browsers', () => {
  let upstream: FakeUpstream;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // Each request sees a new USDT price, so every poll has a delta to push.
    upstream.replyFor = (n) => ({
      body: [coinDcxItem('USDTINR', (88 + n / 100).toFixed(2)), coinDcxItem('BTCINR', '9500000')],
    });
    t = await startTestApp('pglite', { MARKET_SOURCE: 'upstream', TICKER_URL: upstream.url });
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it.each([2, 10])('%i sockets cause one upstream request per second', async (count) => {
    // Once the first poll has answered, sockets get a full snapshot, so each delta is a move.
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/market/tickers' })).json().coins.length)
      .toBe(2);
    const clients = await Promise.all(Array.from({ length: count }, () => connect(url)));
    try {
      await Promise.all(clients.map((c) => c.next('snapshot')));
      upstream.reset();
      await sleep(3200);
      const times = upstream.requestTimes;
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(times.length).toBeLessThanOrEqual(4);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThan(800);
      for (const c of clients) {
        const deltas = c.messages.filter((m) => m.type === 'tickers');
        expect(deltas.length).toBeGreaterThanOrEqual(2);
        for (const d of deltas)
          expect(d.type === 'tickers' && d.c.map((x) => x[0])).toEqual(['USDTINR']);
      }
    } finally {
      for (const c of clients) c.close();
    }
  });
});
