/**
 * What the spot exchange's bench parts (10, 11, 12) share: the server started with the spot
 * exchange on and nothing else moving its books, traders funded through the house
 * (spot_fund_account, in one transaction, so the ledger balances), and an HTTP load loop
 * (autocannon, as the quick-trade part runs it) whose requests a part describes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchContext } from './context.ts';
import { startServer, type ServerChild } from './server-process.ts';
import { percentile } from './stats.ts';

/**
 * The server settings of every spot part: no market maker (only the bench moves the books),
 * the per-user order budget out of the way (a load test is not a user), no price feed.
 */
export const SPOT_SERVER_ENV: Record<string, string> = {
  SPOT_TRADING: 'on',
  SPOT_MARKET_MAKER: 'off',
  SPOT_ORDERS_PER_MIN: '100000000',
  MARKET_AUTOSTART: 'false',
};

export async function startSpotServer(
  ctx: BenchContext,
  name: string,
  db: Record<string, string>,
): Promise<ServerChild> {
  return startServer(
    { ...db, ...SPOT_SERVER_ENV, DATA_DIR: path.join(ctx.tmp, name) },
    path.join(ctx.tmp, `server-${name}.log`),
  );
}

/** Gives every user each asset's amount from the house, in one transaction. */
export async function fundTraders(
  dbUrl: string,
  userIds: string[],
  grants: Array<[asset: string, amount: string]>,
): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const [asset, amount] of grants) {
      await client.query(
        'SELECT spot_fund_account(u, $2, $3::numeric) FROM unnest($1::uuid[]) AS x(u) ORDER BY u',
        [userIds, asset, amount],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** One SQL query on the part's database from the bench (counts, seeding). */
export async function withClient<T>(dbUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface HttpLoad {
  seconds: number;
  /** Requests answered with the expected status. */
  completed: number;
  perSecond: number;
  p50: number | null;
  p99: number | null;
  errors: number;
  statuses: Record<string, number>;
  /** CPU time of the server process per completed request (µs): load-independent cost. */
  serverCpuMicrosPer: number | null;
  /** The same for the PostgreSQL cluster (all its processes), when measurable. */
  dbCpuMicrosPer: number | null;
}

export interface LoadRequest {
  cookie: string;
  body: unknown;
}

/**
 * POST `path` as the web app sends it (session cookie, JSON body, a fresh Idempotency-Key)
 * from `connections` connections for `seconds`; `next(i)` makes the i-th request.
 */
export async function httpLoad(
  server: ServerChild,
  opts: {
    path: string;
    connections: number;
    seconds: number;
    expect: number;
    next: (i: number) => LoadRequest;
    dbCpu?: () => number | null;
  },
): Promise<HttpLoad> {
  const dbBefore = opts.dbCpu?.() ?? null;
  let seq = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = await server.call('cpu', {});
  const instance = autocannon({
    url: server.url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        method: 'POST',
        path: opts.path,
        setupRequest: (req) => {
          const i = seq++;
          const r = opts.next(i);
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              cookie: r.cookie,
              'idempotency-key': `bench-${process.pid}-${Date.now()}-${i}`,
            },
            body: JSON.stringify(r.body),
          };
        },
      },
    ],
  });
  // The typings leave out the client argument autocannon passes first.
  (instance as unknown as EventEmitter).on(
    'response',
    (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    },
  );
  const result = await instance;
  const cpuAfter = await server.call('cpu', {});
  const dbAfter = opts.dbCpu?.() ?? null;
  const ok = statuses[String(opts.expect)] ?? 0;
  const cpuMicros =
    cpuAfter.userMicros + cpuAfter.systemMicros - cpuBefore.userMicros - cpuBefore.systemMicros;
  return {
    seconds: result.duration,
    completed: ok,
    perSecond: ok / result.duration,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts + (latencies.length - ok),
    statuses,
    serverCpuMicrosPer: ok > 0 ? cpuMicros / ok : null,
    dbCpuMicrosPer:
      ok > 0 && dbBefore !== null && dbAfter !== null ? (dbAfter - dbBefore) / ok : null,
  };
}

/** Each trader alternates buy and sell of 1 USDT at the server's prices (as part 1 does). */
export function quickTradeRequests(
  cookies: string[],
  prices: { buy: string; sell: string },
): (i: number) => LoadRequest {
  return (i) => {
    const side = Math.floor(i / cookies.length) % 2 === 0 ? 'buy' : 'sell';
    return {
      cookie: cookies[i % cookies.length]!,
      body: { side, usdtAmount: '1', quotedRate: side === 'buy' ? prices.buy : prices.sell },
    };
  };
}

/** A market as the order generator needs it: price in ticks, sizes as decimal strings. */
export interface LoadMarket {
  symbol: string;
  /** Mid price in ticks, and its decimal form per tick. */
  midTicks: number;
  tickSize: number;
  tickDecimals: number;
  /** Quantity of every order (decimal string), worth more than the market's minimum. */
  quantity: string;
}

export const USDT_INR = (midInr: number): LoadMarket => ({
  symbol: 'USDT-INR',
  midTicks: Math.round(midInr * 100),
  tickSize: 0.01,
  tickDecimals: 2,
  quantity: '1',
});

export const BTC_INR: LoadMarket = {
  symbol: 'BTC-INR',
  midTicks: 8_000_000,
  tickSize: 1,
  tickDecimals: 0,
  quantity: '0.0002',
};

/** A tiny deterministic PRNG (mulberry32): the same run places the same orders. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const priceOf = (m: LoadMarket, ticks: number): string =>
  (ticks * m.tickSize).toFixed(m.tickDecimals);

/**
 * A limit order around the mid: half rest 1–`spread` ticks away on their own side, half
 * cross it by a few ticks (they fill against what rests, or rest past the mid and are
 * filled by the next orders of the other side).
 */
export function limitOrderBody(m: LoadMarket, rand: () => number, spread = 20) {
  const side = rand() < 0.5 ? 'buy' : 'sell';
  const crossing = rand() < 0.5;
  const away = crossing ? -(1 + Math.floor(rand() * 5)) : 1 + Math.floor(rand() * spread);
  const ticks = side === 'buy' ? m.midTicks - away : m.midTicks + away;
  return {
    market: m.symbol,
    side,
    type: 'limit',
    price: priceOf(m, ticks),
    quantity: m.quantity,
  };
}

/**
 * CPU time (µs) of the PostgreSQL cluster behind `dbUrl` so far: its postmaster and every
 * child (backends, walwriter, …) from /proc, at the kernel's 10 ms resolution. Null when the
 * cluster is not on this machine or not readable.
 */
export async function postgresCpu(dbUrl: string): Promise<() => number | null> {
  const dir = await withClient(
    dbUrl,
    async (c) =>
      (await c.query<{ setting: string }>("SELECT current_setting('data_directory') AS setting"))
        .rows[0]?.setting,
  ).catch(() => undefined);
  let postmaster: number | null = null;
  try {
    postmaster = dir
      ? Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
      : null;
  } catch {
    postmaster = null;
  }
  const tick = 1e6 / 100;
  return () => {
    if (!postmaster) return null;
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command's closing parenthesis: state ppid … utime(12) stime(13).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === postmaster || Number(f[1]) === postmaster) {
        total += (Number(f[11]) + Number(f[12])) * tick;
      }
    }
    return total;
  };
}
