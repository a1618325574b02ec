import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startDurableCluster } from '../../test/reliability/support/durable-pg.ts';
import type { BenchContext } from '../lib/context.ts';
import { createDatabase } from '../lib/databases.ts';
import {
  BTC_INR,
  fundTraders,
  httpLoad,
  limitOrderBody,
  postgresCpu,
  prng,
  quickTradeRequests,
  startSpotServer,
  USDT_INR,
  withClient,
  type HttpLoad,
  type LoadRequest,
} from '../lib/spot-load.ts';
import { mean, round3, sleep } from '../lib/stats.ts';

const PART = '10 spot/HTTP';
/** As part 1: 32 connections over many funded users (issue 17). */
const CONNECTIONS = 32;
/** Share of the orders in BTC-INR; the rest go to USDT-INR (two engines, two writers). */
const BTC_SHARE = 0.2;

const round = (l: HttpLoad) => ({
  ...l,
  perSecond: round3(l.perSecond),
  p50: round3(l.p50),
  p99: round3(l.p99),
  serverCpuMicrosPer: round3(l.serverCpuMicrosPer),
  dbCpuMicrosPer: round3(l.dbCpuMicrosPer),
});

/** The reason of every failed engine batch in the server's log (JSON lines at warn). */
function batchFailures(log: string): string[] {
  return log
    .split('\n')
    .filter((l) => l.includes('spot batch failed'))
    .map((l) => {
      try {
        const e = (JSON.parse(l) as { err?: { message?: string; code?: string } }).err;
        return `${e?.code ?? ''} ${e?.message ?? 'unknown'}`.trim();
      } catch {
        return l.slice(0, 200);
      }
    });
}

/**
 * Issue 17, part 10: limit orders over HTTP on PostgreSQL (each answered once it and its
 * fills are committed and on disk), next to the quick trade on the same server, database and
 * traders for the same time; then the ledger invariants.
 */
export async function benchSpotHttp(ctx: BenchContext): Promise<void> {
  // Durable, as the issue asks of this figure: the crash tests' cluster (fsync,
  // synchronous_commit and full_page_writes on), so every acknowledged order, and every quick
  // trade beside it, waited for its commit to reach the disk. (The other parts' cluster has
  // them off.)
  const cluster = startDurableCluster(await freePort());
  if ('missing' in cluster) throw new Error(cluster.missing);
  try {
    await runSpotHttp(ctx, cluster.url);
  } finally {
    cluster.stop();
  }
}

async function runSpotHttp(ctx: BenchContext, clusterUrl: string): Promise<void> {
  const users = ctx.short ? 50 : 200;
  const seconds = ctx.short ? 2 : 10;
  const dbUrl = await createDatabase(clusterUrl, 'bench_spot_http');
  // Per-function call counts and times in pg_stat_user_functions, for every later session.
  await withClient(dbUrl, (c) =>
    c.query("ALTER DATABASE bench_spot_http SET track_functions = 'pl'"),
  );
  const server = await startSpotServer(ctx, 'spot-http', { DATABASE_URL: dbUrl });
  const logFile = path.join(ctx.tmp, 'server-spot-http.log');
  try {
    const seeded = await server.call('seed', {
      users,
      inrPerUser: '1000000',
      usdtPerUser: '1000',
    });
    const prices = await server.call('prices', {});
    // Far more than a run can reserve: a refusal for funds would be a bench error.
    await fundTraders(dbUrl, seeded.userIds, [
      ['INR', '10000000'],
      ['USDT', '10000'],
      ['BTC', '2'],
    ]);
    const usdt = USDT_INR(Number(prices.rate));
    const rand = prng(17);
    const spot = (i: number): LoadRequest => ({
      cookie: seeded.cookies[i % seeded.cookies.length]!,
      body: limitOrderBody(rand() < BTC_SHARE ? BTC_INR : usdt, rand),
    });
    const quick = quickTradeRequests(seeded.cookies, prices);
    const dbCpu = await postgresCpu(dbUrl);
    const load = (kind: 'spot' | 'quick', s: number) =>
      httpLoad(server, {
        path: kind === 'spot' ? '/api/spot/orders' : '/api/trades/quick',
        connections: CONNECTIONS,
        seconds: s,
        expect: 201,
        next: kind === 'spot' ? spot : quick,
        dbCpu,
      });
    ctx.log(`  ${users} traders seeded and funded; warming up`);
    await load('quick', 1);
    await load('spot', 1);
    const [before] = await withClient(
      dbUrl,
      async (c) =>
        (await c.query<{ fills: string }>('SELECT count(*) AS fills FROM spot_fills')).rows,
    );
    // The quick-trade reference before and (full run) after the spot run, so a change in the
    // machine's background load moves both sides alike.
    const quicks: HttpLoad[] = [];
    ctx.log(`  HTTP quick trades, ${CONNECTIONS} connections, ${seconds} s`);
    quicks.push(await load('quick', seconds));
    ctx.log(`  HTTP spot limit orders, ${CONNECTIONS} connections, ${seconds} s`);
    await withClient(dbUrl, (c) => c.query('SELECT pg_stat_reset()'));
    const orders = await load('spot', seconds);
    if (!ctx.short) {
      ctx.log('  HTTP quick trades again');
      quicks.push(await load('quick', seconds));
    }
    await sleep(300);
    const [counts] = await withClient(
      dbUrl,
      async (c) =>
        (
          await c.query<{ fills: string; open: string; orders: string }>(
            `SELECT (SELECT count(*) FROM spot_fills) AS fills,
                (SELECT count(*) FROM spot_orders) AS orders,
                (SELECT count(*) FROM spot_orders
                  WHERE status IN ('new', 'open', 'partially_filled')) AS open`,
          )
        ).rows,
    );
    // The engines' batches (group commit): spot_accept runs once per batch with new orders,
    // spot_settle once per batch with fills or closed orders (track_functions, set above);
    // spot_batch runs both for a batch matched ahead of acceptance, in one statement.
    const fns = await withClient(
      dbUrl,
      async (c) =>
        (
          await c.query<{ funcname: string; calls: string; total_time: number; self_time: number }>(
            `SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions
              WHERE funcname IN ('spot_accept', 'spot_settle', 'spot_batch') ORDER BY funcname`,
          )
        ).rows,
    );
    const fn = (name: string) => fns.find((f) => f.funcname === name);
    const accept = fn('spot_accept');
    const settle = fn('spot_settle');
    const oneStatement = fn('spot_batch');
    const batchNote = accept
      ? `engine batches: spot_accept ${accept.calls} calls, ${(orders.completed / Number(accept.calls)).toFixed(1)} orders and ${(accept.total_time / Number(accept.calls)).toFixed(1)} ms each; spot_settle ${settle?.calls ?? 0} calls, ${settle ? (settle.total_time / Number(settle.calls)).toFixed(1) : '—'} ms each; ${oneStatement?.calls ?? 0} of them in one statement with the accept (spot_batch)`
      : 'engine batches: not measured';
    const violations = await server.call('invariants', {});
    // A failed batch (e.g. a deadlock between the two markets' writers) is retried one by one
    // after a rebuild: correct, but slow. The server logs each at warn.
    const failures = batchFailures(readFileSync(logFile, 'utf8'));
    const failedBatches = failures.length;
    const fills = Number(counts!.fills) - Number(before!.fills);
    const quickRate = mean(quicks.map((q) => q.perSecond))!;
    const { report } = ctx;
    report.bound(PART, 'spot orders/s over HTTP', orders.perSecond, '/s', '≥', 5000);
    report.ratio(
      PART,
      'spot orders/s against quick trades/s',
      orders.perSecond,
      '/s',
      quickRate,
      'quick trades/s, same run',
      '≥',
      3,
      `quick trades p99 ${quicks[0]!.p99?.toFixed(1)} ms; ${CONNECTIONS} connections, ${users} traders, ${seconds} s each; durable: fsync and synchronous_commit on`,
    );
    report.bound(
      PART,
      'spot order p99 latency',
      orders.p99,
      'ms',
      '≤',
      50,
      `p50 ${orders.p50?.toFixed(1)} ms at ${CONNECTIONS} connections; server CPU ${orders.serverCpuMicrosPer?.toFixed(0)} µs/order`,
    );
    // Information: where a request's cost lies, the spot order against the quick trade.
    const us = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} µs`);
    report.info(
      PART,
      'CPU per spot order, server + PostgreSQL',
      orders.serverCpuMicrosPer === null || orders.dbCpuMicrosPer === null
        ? null
        : (orders.serverCpuMicrosPer + orders.dbCpuMicrosPer) / 1000,
      'ms',
      `server ${us(orders.serverCpuMicrosPer)} + PostgreSQL ${us(orders.dbCpuMicrosPer)} per order; a quick trade: server ${us(quicks[0]!.serverCpuMicrosPer)} + PostgreSQL ${us(quicks[0]!.dbCpuMicrosPer)}`,
    );
    report.bound(
      PART,
      'spot order errors',
      orders.errors,
      '',
      '≤',
      0,
      JSON.stringify(orders.statuses),
    );
    report.info(
      PART,
      'fills made',
      fills,
      '',
      `${orders.completed} orders placed (${Math.round(BTC_SHARE * 100)}% BTC-INR, the rest USDT-INR; half crossing); ${counts!.open} resting at the end; ${batchNote}; ${failedBatches} engine batches failed and were retried${failures[0] ? ` (${failures[0]})` : ''}`,
    );
    report.bound(PART, 'ledger invariant violations', violations.length, '', '≤', 0, violations[0]);
    report.details[PART] = {
      users,
      connections: CONNECTIONS,
      seconds,
      spot: round(orders),
      quick: quicks.map(round),
      fills,
      ordersInDatabase: Number(counts!.orders),
      openAtEnd: Number(counts!.open),
      functions: fns,
      failedBatches,
      batchFailureReasons: [...new Set(failures)].slice(0, 5),
      violations: violations.slice(0, 10),
    };
  } finally {
    await server.stop();
  }
}
