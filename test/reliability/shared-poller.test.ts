import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, type ServerMessage } from '@sikka/contracts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import {
  coinDcxItem,
  startFakeUpstream,
  type FakeUpstream,
} from '../support/market-fake-upstream.ts';
import { connect, type TestSocket } from '../support/realtime-client.ts';
import { newUser } from '../support/app.ts';
import { httpClient, type HttpClient } from './support/http-client.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LOGIN_LIMIT = 6;
const CHECK_MS = 500;

/** n INR markets whose prices move on every upstream request (request number `req`). */
function tickerBody(markets: number, req: number) {
  return Array.from({ length: markets }, (_, i) =>
    coinDcxItem(`C${i}INR`, (100 + i + (req % 50) / 10).toFixed(2)),
  );
}

type Tickers = Extract<ServerMessage, { type: 'tickers' }>;

/**
 * Issue 18 item 5: three server processes on one PostgreSQL with MARKET_SOURCE=upstream. One
 * of them (an advisory lock) polls the local stand-in exchange, once a second for all; the
 * others serve its ticks to their sockets; SIGKILL the poller and another takes over within a
 * few seconds. The per-IP login limit is counted in PostgreSQL, so it holds across instances.
 */
describe.skipIf(!pgUrl())('three instances: one upstream poller, shared rate limits', () => {
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  const sockets: TestSocket[] = [];
  let upstream: FakeUpstream;
  let markets = 8;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.replyFor = (n) => ({ body: tickerBody(markets, n) });
    const databaseUrl = await createPgDatabase();
    const env = {
      MARKET_SOURCE: 'upstream',
      TICKER_URL: upstream.url,
      MARKET_POLL_MS: '1000',
      MARKET_POLLER_CHECK_MS: String(CHECK_MS),
      RATE_LIMIT_LOGIN_PER_MIN: String(LOGIN_LIMIT),
    };
    // The first alone, so it is the poller; the others find the lock taken.
    for (let i = 0; i < 3; i++) {
      const s = await startServerProcess({ databaseUrl, env });
      servers.push(s);
      clients.push(httpClient(s.baseUrl, { maxSockets: 4 }));
      if (i === 0) while (upstream.requests === 0) await sleep(50);
    }
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await upstream?.close();
  });

  const countIn = async (ms: number) => {
    const from = Date.now();
    await sleep(ms);
    return upstream.requestTimes.filter((t) => t >= from && t < from + ms).length;
  };

  it('one upstream request a second for three instances; every instance serves the ticks', async () => {
    const tab = await connect(`${servers[2]!.baseUrl.replace('http', 'ws')}${REALTIME_PATH}`);
    sockets.push(tab);
    await tab.next('snapshot');
    const requests = await countIn(6000);
    // 1/s in total: 6 in 6 s, ±1 at the window's edges (each instance alone would make 18).
    expect(requests).toBeGreaterThanOrEqual(5);
    expect(requests).toBeLessThanOrEqual(7);
    const frames = tab.messages.filter((m): m is Tickers => m.type === 'tickers');
    expect(frames.length).toBeGreaterThanOrEqual(4);
    // Every instance's API shows the poller's latest list.
    const lists = await Promise.all(
      servers.map(
        async (s) =>
          (await (await fetch(`${s.baseUrl}/api/market/tickers`)).json()) as {
            coins: Array<{ id: string }>;
            source: string;
          },
      ),
    );
    for (const l of lists) {
      expect(l.source).toBe('upstream');
      expect(l.coins).toHaveLength(8);
    }
    console.log(
      `[shared-poller] 3 instances: ${requests} upstream requests in 6 s, ${frames.length} tick frames on a non-poller's socket`,
    );
  }, 30_000);

  it(`the login limit (${LOGIN_LIMIT} a minute per address) counts the requests of all instances`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const { email } = newUser();
      const res = await clients[i % 3]!.post('/api/auth/login', undefined, {
        email,
        password: 'not-the-password-1',
      });
      statuses.push(res.status);
    }
    // Two a piece on three instances, then the next is refused wherever it lands.
    expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses[LOGIN_LIMIT]).toBe(429);
    const again = await clients[1]!.post('/api/auth/login', undefined, {
      email: newUser().email,
      password: 'not-the-password-1',
    });
    expect(again.status).toBe(429);
  }, 30_000);

  it('SIGKILL the poller: another takes over within seconds, ticks still reach the sockets', async () => {
    // Bigger than a NOTIFY payload from now on: the ticks go through the table row.
    markets = 60;
    const tab = await connect(`${servers[1]!.baseUrl.replace('http', 'ws')}${REALTIME_PATH}`);
    sockets.push(tab);
    await tab.next('snapshot');
    await servers[0]!.kill9();
    const killedAt = Date.now();
    const before = upstream.requests;
    while (upstream.requests === before && Date.now() - killedAt < 10_000) await sleep(20);
    const gap = Date.now() - killedAt;
    expect(upstream.requests).toBeGreaterThan(before);
    expect(gap).toBeLessThan(CHECK_MS + 3000);
    // The new poller's 60 markets reach both instances left (whichever of them polls now),
    // and price ticks keep reaching the socket.
    const framesAtKill = tab.messages.filter((m) => m.type === 'tickers').length;
    const deadline = Date.now() + 6000;
    let sizes: number[] = [];
    for (;;) {
      sizes = await Promise.all(
        servers.slice(1).map(async (s) => {
          const body = (await (await fetch(`${s.baseUrl}/api/market/tickers`)).json()) as {
            coins: unknown[];
          };
          return body.coins.length;
        }),
      );
      if (sizes.every((n) => n === 60) || Date.now() > deadline) break;
      await sleep(100);
    }
    expect(sizes).toEqual([60, 60]);
    while (
      tab.messages.filter((m) => m.type === 'tickers').length < framesAtKill + 2 &&
      Date.now() < deadline + 3000
    )
      await sleep(50);
    expect(tab.messages.filter((m) => m.type === 'tickers').length).toBeGreaterThanOrEqual(
      framesAtKill + 2,
    );
    // Still one poller: two instances, one request a second.
    const requests = await countIn(5000);
    expect(requests).toBeGreaterThanOrEqual(4);
    expect(requests).toBeLessThanOrEqual(6);
    console.log(
      `[shared-poller] poller killed: next upstream request after ${gap} ms; then ${requests} requests in 5 s from 2 instances`,
    );
  }, 60_000);
});
