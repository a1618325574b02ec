import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import type { PgCluster } from '../../test/support/pg-cluster.ts';
import { pgBinDir, type BenchContext } from '../lib/context.ts';
import {
  hashToken,
  LAST_SEEN_RESOLUTION_MS,
  moneyLimitKeyPrefix,
  openPostgres,
  quickTradeForSession,
} from '../../test/support/server.ts';
import { clusterCpuMicros } from '../lib/cluster-cpu.ts';
import { createDatabase } from '../lib/databases.ts';
import { startServer, type ServerChild } from '../lib/server-process.ts';
import { mean, percentile, round3, sleep } from '../lib/stats.ts';
import type { QuickPricesResult } from '../server/protocol.ts';
import { TDS_RATE_DEFAULT, TRADE_MAX_TOTAL_INR, TRADE_MIN_TOTAL_INR } from '@sikka/contracts';

const run = promisify(execFile);

/** 32+ connections over many funded users (issue 8, item 1). */
const CONNECTIONS = 32;
/** USDT per trade: traders alternate buy and sell, so balances stay bounded. */
const TRADE_USDT = '1';

interface HttpLoad {
  seconds: number;
  completed: number;
  perSecond: number;
  p50: number | null;
  p99: number | null;
  errors: number;
  statuses: Record<string, number>;
  /** CPU time of the server process per completed trade (µs): load-independent cost. */
  serverCpuMicrosPerTrade: number | null;
}

/**
 * Traders for the HTTP runs (the same for PostgreSQL and PGlite, so the two compare): each
 * with ₹10,00,000 and 1000 USDT, far more than a run can spend; and the prices they trade at.
 */
async function seedLoadTraders(server: ServerChild, users: number) {
  const seeded = await server.call('seed', { users, inrPerUser: '1000000', usdtPerUser: '1000' });
  const prices = await server.call('prices', {});
  return { seeded, prices };
}

/**
 * POST /api/trades/quick as the web app sends it (session cookie, JSON body, a fresh
 * Idempotency-Key), cycling through every trader's cookie; each trader alternates buy and
 * sell at the server's current prices.
 */
async function loadQuickTrades(
  server: ServerChild,
  cookies: string[],
  prices: QuickPricesResult,
  seconds: number,
  connections = CONNECTIONS,
): Promise<HttpLoad> {
  let seq = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpuBefore = await server.call('cpu', {});
  const instance = autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/trades/quick',
        setupRequest: (req) => {
          const i = seq++;
          const side = Math.floor(i / cookies.length) % 2 === 0 ? 'buy' : 'sell';
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              cookie: cookies[i % cookies.length]!,
              'idempotency-key': `bench-${process.pid}-${Date.now()}-${i}`,
            },
            body: JSON.stringify({
              side,
              usdtAmount: TRADE_USDT,
              quotedRate: side === 'buy' ? prices.buy : prices.sell,
            }),
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
  const ok = Object.entries(statuses)
    .filter(([s]) => s === '201')
    .reduce((n, [, c]) => n + c, 0);
  const errors = result.errors + result.timeouts + (latencies.length - ok);
  const cpuMicros =
    cpuAfter.userMicros + cpuAfter.systemMicros - cpuBefore.userMicros - cpuBefore.systemMicros;
  return {
    serverCpuMicrosPerTrade: ok > 0 ? cpuMicros / ok : null,
    seconds: result.duration,
    completed: ok,
    perSecond: ok / result.duration,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    statuses,
  };
}

interface RawLoad {
  tool: 'pgbench' | 'pg';
  perSecond: number;
  failed: number;
}

/**
 * The reference: execute_usdt_buy / execute_usdt_sell called directly, at the same
 * concurrency, on the same database and traders, with pgbench (C, the extended protocol),
 * or with `pg` from Node when pgbench is not installed.
 */
async function rawFunctionRate(
  dbUrl: string,
  dir: string,
  users: number,
  prices: QuickPricesResult,
  seconds: number,
): Promise<RawLoad> {
  const bin = pgBinDir();
  const pgbench = bin ? path.join(bin, 'pgbench') : undefined;
  if (pgbench) {
    const buy = path.join(dir, 'buy.sql');
    const sell = path.join(dir, 'sell.sql');
    writeFileSync(
      buy,
      `\\set u random(1, ${users})\nSELECT execute_usdt_buy(id, ${TRADE_USDT}, ${prices.buy}) FROM bench_traders WHERE n = :u;\n`,
    );
    writeFileSync(
      sell,
      `\\set u random(1, ${users})\nSELECT execute_usdt_sell(id, ${TRADE_USDT}, ${prices.sell}) FROM bench_traders WHERE n = :u;\n`,
    );
    const url = new URL(dbUrl);
    const { stdout } = await run(
      pgbench,
      [
        '-n',
        // The server's driver (pg) sends every query with the extended protocol, unnamed
        // (parsed and planned each time); the reference does the same.
        '-M',
        'extended',
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-f',
        buy,
        '-f',
        sell,
        '-h',
        url.hostname,
        '-p',
        url.port,
        '-U',
        url.username,
        url.pathname.slice(1),
      ],
      { encoding: 'utf8', timeout: (seconds + 60) * 1000 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tool: 'pgbench', perSecond: Number(tps[1]), failed: Number(failed?.[1] ?? 0) };
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  const ids = (await pool.query<{ id: string }>('SELECT id FROM bench_traders ORDER BY n')).rows;
  let done = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      for (let i = w; Date.now() < until; i += CONNECTIONS) {
        const buy = i % 2 === 0;
        const id = ids[Math.floor(Math.random() * ids.length)]!.id;
        await pool
          .query(
            buy
              ? 'SELECT execute_usdt_buy($1::uuid, $2::numeric, $3::numeric)'
              : 'SELECT execute_usdt_sell($1::uuid, $2::numeric, $3::numeric)',
            [id, TRADE_USDT, buy ? prices.buy : prices.sell],
          )
          .then(
            () => (done += 1),
            () => (failed += 1),
          );
      }
    }),
  );
  await pool.end();
  return { tool: 'pg', perSecond: done / ((Date.now() - started) / 1000), failed };
}

/**
 * The quick trade's database work without HTTP: the server's own session lookup and its
 * one-statement quick_trade (key, trade, balances, stored answer), called from this process
 * on a pool of the server's default size, at the same concurrency. It splits the gap between
 * the raw function and the HTTP figure into database round trips and the HTTP layer.
 */
async function routeSqlRate(
  dbUrl: string,
  cookies: string[],
  prices: QuickPricesResult,
  seconds: number,
): Promise<{ perSecond: number; failed: number }> {
  const db = await openPostgres(dbUrl);
  const tokens = cookies.map((c) => c.slice(c.indexOf('=') + 1));
  let seq = 0;
  let done = 0;
  let failed = 0;
  const started = Date.now();
  const until = started + seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const i = seq++;
          const side: 'buy' | 'sell' = Math.floor(i / tokens.length) % 2 === 0 ? 'buy' : 'sell';
          const price = side === 'buy' ? prices.buy : prices.sell;
          const body = { side, usdtAmount: TRADE_USDT, quotedRate: price };
          try {
            // As the route sends it (ADR 026): the session, the budget and the trade in one
            // prepared statement; the budget is the bench server's (unlimited in effect).
            const result = await quickTradeForSession(
              db,
              {
                tokenHash: hashToken(tokens[i % tokens.length]!),
                now: new Date(),
                touchMs: LAST_SEEN_RESOLUTION_MS,
                limitPrefix: moneyLimitKeyPrefix('POST', '/api/trades/quick'),
                limitMax: 1_000_000_000,
                limitWindowMs: 60_000,
              },
              {
                key: `sql-${process.pid}-${i}`,
                request: body,
                rate: prices.rate,
                minTotal: TRADE_MIN_TOTAL_INR,
                maxTotal: TRADE_MAX_TOTAL_INR,
                // The bench server runs without TDS_RATE, so the route withholds the default.
                tdsRate: TDS_RATE_DEFAULT,
              },
            );
            if (result.kind !== 'answered') throw new Error(result.kind);
            done += 1;
          } catch {
            failed += 1;
          }
        }
      }),
    );
  } finally {
    await db.close();
  }
  return { perSecond: done / ((Date.now() - started) / 1000), failed };
}

/** Item 1: the quick trade over HTTP on PostgreSQL against the raw SQL function rate. */
export async function benchTradesPostgres(ctx: BenchContext, cluster: PgCluster): Promise<void> {
  const part = '1 trades/PostgreSQL';
  const users = ctx.short ? 50 : 200;
  const seconds = ctx.short ? 2 : 10;
  const dbUrl = await createDatabase(cluster.url, 'bench_trades');
  const server = await startServer(
    { DATABASE_URL: dbUrl, DATA_DIR: path.join(ctx.tmp, 'trades-pg'), MARKET_AUTOSTART: 'false' },
    path.join(ctx.tmp, 'server-trades-pg.log'),
  );
  try {
    const { seeded, prices } = await seedLoadTraders(server, users);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('CREATE TABLE bench_traders (n int PRIMARY KEY, id uuid NOT NULL)');
    await client.query(
      'INSERT INTO bench_traders SELECT n, id FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)',
      [seeded.userIds],
    );
    await client.end();
    ctx.log(`  ${users} traders seeded; warming up`);
    await loadQuickTrades(server, seeded.cookies, prices, 1);
    // Reference before and after the HTTP run (full mode), so a change in the machine's
    // background load during the run moves both sides alike.
    const raws: RawLoad[] = [];
    ctx.log(`  raw SQL function, ${CONNECTIONS} connections, ${seconds} s`);
    raws.push(await rawFunctionRate(dbUrl, ctx.tmp, users, prices, seconds));
    ctx.log(`  HTTP quick trades, ${CONNECTIONS} connections, ${seconds} s`);
    const http = await loadQuickTrades(server, seeded.cookies, prices, seconds);
    ctx.log(`  the same trade's SQL without HTTP, ${CONNECTIONS} workers, ${seconds} s`);
    const sql = await routeSqlRate(dbUrl, seeded.cookies, prices, seconds);
    if (!ctx.short) {
      ctx.log(`  raw SQL function again`);
      raws.push(await rawFunctionRate(dbUrl, ctx.tmp, users, prices, seconds));
    }
    // At 32 connections a request queues behind the others: latency ≥ 32 / throughput
    // (Little's law). The same trades at 4 connections show the latency of one request.
    const light = await loadQuickTrades(server, seeded.cookies, prices, ctx.short ? 1 : 5, 4);
    await sleep(200);
    const violations = await server.call('invariants', {});
    const raw = mean(raws.map((r) => r.perSecond))!;
    const tool = raws[0]!.tool;
    const { report } = ctx;
    report.ratio(
      part,
      'quick trades/s over HTTP',
      http.perSecond,
      '/s',
      raw,
      `raw SQL fn/s, ${tool}`,
      '≥',
      0.5,
    );
    // Information, not a target: it splits the gap between the raw function and HTTP.
    report.add({
      part,
      name: "the trade's SQL without HTTP",
      value: sql.perSecond,
      unit: '/s',
      reference: raw,
      referenceLabel: 'raw SQL fn/s',
      target: 'info',
      ratio: sql.perSecond / raw,
      met: null,
      note: `quick_trade_for_session (session, budget, key, refusal, trade, balances and stored answer in one prepared statement, ADR 026): 1 round trip, as the reference; ${sql.failed} failed`,
    });
    report.bound(
      part,
      'p99 latency',
      http.p99,
      'ms',
      '≤',
      15,
      `p50 ${http.p50?.toFixed(1)} ms; at ${CONNECTIONS} connections no latency can be below ${((CONNECTIONS / raw) * 1000).toFixed(0)} ms while the raw function does ${raw.toFixed(0)}/s`,
    );
    report.info(
      part,
      'p99 latency at 4 connections',
      light.p99,
      'ms',
      `p50 ${light.p50?.toFixed(1)} ms, ${light.perSecond.toFixed(0)} trades/s, ${light.errors} errors`,
    );
    report.bound(part, 'errors', http.errors, '', '≤', 0, JSON.stringify(http.statuses));
    report.bound(part, 'ledger invariant violations', violations.length, '', '≤', 0, violations[0]);
    report.details[part] = {
      users,
      connections: CONNECTIONS,
      seconds,
      http: { ...http, perSecond: round3(http.perSecond) },
      light: { ...light, perSecond: round3(light.perSecond) },
      raw: raws,
      sqlWithoutHttp: sql,
      violations: violations.slice(0, 10),
    };
  } finally {
    await server.stop();
  }
}

/** One embedded database's HTTP run for part 2. */
async function embeddedRun(
  ctx: BenchContext,
  tag: string,
  config: Record<string, string>,
  users: number,
  seconds: number,
): Promise<{
  http: HttpLoad;
  violations: string[];
  startMs: number;
  dbCpuMicrosPerTrade: number | null;
}> {
  const started = performance.now();
  const dataDir = path.join(ctx.tmp, `trades-${tag}`);
  const server = await startServer(
    { DATA_DIR: dataDir, MARKET_AUTOSTART: 'false', ...config },
    path.join(ctx.tmp, `server-trades-${tag}.log`),
  );
  const startMs = performance.now() - started;
  try {
    const { seeded, prices } = await seedLoadTraders(server, users);
    await loadQuickTrades(server, seeded.cookies, prices, 1);
    ctx.log(`  HTTP quick trades on ${tag}, ${CONNECTIONS} connections, ${seconds} s`);
    const dbBefore = clusterCpuMicros(dataDir);
    const http = await loadQuickTrades(server, seeded.cookies, prices, seconds);
    const dbAfter = clusterCpuMicros(dataDir);
    const dbCpuMicrosPerTrade =
      dbBefore !== null && dbAfter !== null && http.completed > 0
        ? (dbAfter - dbBefore) / http.completed
        : null;
    const violations = await server.call('invariants', {});
    return { http, violations, startMs, dbCpuMicrosPerTrade };
  } finally {
    await server.stop();
  }
}

/** Part 2's contenders, run one after the other in the same bench run. */
const EMBEDDED: Array<{
  tag: string;
  part: string;
  config: Record<string, string>;
  target: boolean;
}> = [
  {
    tag: 'embedded-postgres',
    part: '2 trades/embedded PostgreSQL (default)',
    config: { EMBEDDED_DB: 'postgres' },
    target: true,
  },
  {
    tag: 'embedded-postgres-sync',
    part: '2 trades/embedded PostgreSQL, synchronous_commit=on',
    config: { EMBEDDED_DB: 'postgres', EMBEDDED_PG_SYNCHRONOUS_COMMIT: 'on' },
    target: false,
  },
  {
    tag: 'embedded-pglite',
    part: '2 trades/embedded PGlite',
    config: { EMBEDDED_DB: 'pglite' },
    target: false,
  },
];

/**
 * Item 2: the same endpoint on the embedded databases (no DATABASE_URL), side by side in one
 * run: the default, real PostgreSQL from npm run by the server in DATA_DIR/pg (ADR 022), the
 * same with every commit waiting for its fsync, and PGlite (EMBEDDED_DB=pglite).
 */
export async function benchTradesEmbedded(ctx: BenchContext): Promise<void> {
  const users = ctx.short ? 50 : 200;
  const seconds = ctx.short ? 2 : 10;
  const { report } = ctx;
  // BENCH_EMBEDDED=embedded-postgres (tags, comma-separated): only those, for quick A/B runs.
  const only = process.env.BENCH_EMBEDDED?.split(',');
  for (const { tag, part, config, target } of EMBEDDED) {
    if (only && !only.includes(tag)) continue;
    const { http, violations, startMs, dbCpuMicrosPerTrade } = await embeddedRun(
      ctx,
      tag,
      config,
      users,
      seconds,
    );
    if (target) report.bound(part, 'quick trades/s over HTTP', http.perSecond, '/s', '≥', 1000);
    else report.info(part, 'quick trades/s over HTTP', http.perSecond, '/s');
    report.info(part, 'p99 latency', http.p99, 'ms', `p50 ${http.p50?.toFixed(2)} ms`);
    report.info(
      part,
      'server CPU per trade',
      http.serverCpuMicrosPerTrade,
      'µs',
      'the server process only (the PostgreSQL clusters run in processes of their own)',
    );
    if (dbCpuMicrosPerTrade !== null) {
      // With the server's own CPU, the whole cost of a trade on the machine: 2 cores divided by
      // it bound the rate whatever the load.
      const total = dbCpuMicrosPerTrade + (http.serverCpuMicrosPerTrade ?? 0);
      report.info(
        part,
        'PostgreSQL CPU per trade',
        dbCpuMicrosPerTrade,
        'µs',
        `server + PostgreSQL ${total.toFixed(0)} µs: at most ${((2 * 1e6) / total).toFixed(0)} trades/s on 2 cores`,
      );
    }
    report.info(part, 'start-up on a fresh DATA_DIR', startMs, 'ms', 'process start to listening');
    report.bound(part, 'errors', http.errors, '', '≤', 0, JSON.stringify(http.statuses));
    report.bound(part, 'ledger invariant violations', violations.length, '', '≤', 0, violations[0]);
    report.details[part] = {
      users,
      connections: CONNECTIONS,
      seconds,
      startMs,
      dbCpuMicrosPerTrade,
      http: { ...http, perSecond: round3(http.perSecond) },
      violations: violations.slice(0, 10),
    };
  }
}
