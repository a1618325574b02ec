import { randomUUID } from 'node:crypto';
import type { PgCluster } from '../../test/support/pg-cluster.ts';
import { SpotOrderBook } from '../../test/support/server.ts';
import type { BenchContext } from '../lib/context.ts';
import { createDatabase } from '../lib/databases.ts';
import {
  fundTraders,
  httpLoad,
  limitOrderBody,
  postgresCpu,
  priceOf,
  prng,
  startSpotServer,
  USDT_INR,
  withClient,
  type HttpLoad,
  type LoadMarket,
} from '../lib/spot-load.ts';
import type { ServerChild } from '../lib/server-process.ts';
import { engineDepthP99 } from '../lib/spot-book-depth.ts';
import { round3, sleep } from '../lib/stats.ts';

const PART = '11 spot/depth';
const USERS = 64;
/** Placement load: enough connections that batches form, few enough to see one order's cost. */
const CONNECTIONS = 8;
/** Resting orders spread over this many ticks a side (₹5 in USDT-INR). */
const LEVELS = 500;
/** Orders a spot_accept call writes (one transaction each): the server's own batch size. */
const SEED_CHUNK = 500;

interface Depth {
  resting: number;
  /** The server's start with this book: migrations, the engines' rebuild from the database. */
  startSeconds: number;
  seedSeconds: number;
  rebuild: { orders: number; queryMs: number; restMs: number };
  load: HttpLoad;
}

/**
 * Rests orders in SQL through the server's own spot_accept (it reserves the funds and writes
 * the rows, open, exactly as a batch does) while no server runs:
 * the next server's engine rebuilds its book from them. Buys below the mid, sells above, so
 * nothing would have crossed.
 */
async function seedResting(
  dbUrl: string,
  m: LoadMarket,
  userIds: string[],
  target: number,
  rand: () => number,
): Promise<number> {
  return withClient(dbUrl, async (c) => {
    const open = `SELECT count(*) AS n FROM spot_orders
                   WHERE market = $1 AND status IN ('new', 'open', 'partially_filled')`;
    const [{ n } = { n: '0' }] = (await c.query<{ n: string }>(open, [m.symbol])).rows;
    const lots = Math.round(Number(m.quantity) * 100);
    let seq = Number(
      (
        await c.query<{ s: string | null }>(
          'SELECT max(seq) AS s FROM spot_orders WHERE market = $1',
          [m.symbol],
        )
      ).rows[0]?.s ?? 0,
    );
    // The book as the previous run left it: new buys stay below its asks, sells above its bids.
    const [best] = (
      await c.query<{ bid: string | null; ask: string | null }>(
        `SELECT max(price_ticks) FILTER (WHERE side = 'buy') AS bid,
                min(price_ticks) FILTER (WHERE side = 'sell') AS ask
           FROM spot_orders WHERE market = $1 AND status IN ('new', 'open', 'partially_filled')`,
        [m.symbol],
      )
    ).rows;
    const buyFrom = Math.min(m.midTicks, Number(best?.ask ?? m.midTicks));
    const sellFrom = Math.max(m.midTicks, Number(best?.bid ?? m.midTicks));
    const [{ epoch } = { epoch: '0' }] = (
      await c.query<{ epoch: string }>('SELECT epoch FROM spot_markets WHERE symbol = $1', [
        m.symbol,
      ])
    ).rows;
    for (let left = target - Number(n); left > 0; left -= SEED_CHUNK) {
      const orders = Array.from({ length: Math.min(SEED_CHUNK, left) }, (_, i) => {
        const side = i % 2 === 0 ? 'buy' : 'sell';
        const away = 1 + Math.floor(rand() * LEVELS);
        return {
          id: randomUUID(),
          seq: ++seq,
          userId: userIds[Math.floor(rand() * userIds.length)]!,
          side,
          type: 'limit',
          tif: 'GTC',
          postOnly: false,
          stp: 'cancel_taker',
          priceTicks: side === 'buy' ? buyFrom - away : sellFrom + away,
          lots,
        };
      });
      await c.query('BEGIN');
      const [row] = (
        await c.query<{ refused: string }>(
          `SELECT count(*) AS refused FROM jsonb_array_elements(spot_accept($1, $2, $3::jsonb, now())) r
            WHERE NOT (r->>'ok')::boolean`,
          [m.symbol, epoch, JSON.stringify(orders)],
        )
      ).rows;
      if (Number(row?.refused) > 0) throw new Error(`${row?.refused} resting orders refused`);
      await c.query('COMMIT');
    }
    return Number((await c.query<{ n: string }>(open, [m.symbol])).rows[0]?.n ?? 0);
  });
}

/**
 * The engine's rebuild as MarketEngine.load does it (the open orders in seq order, each
 * rested with its unfilled lots), in this process on the same database: the query and the
 * book's part timed apart.
 */
async function rebuildTime(dbUrl: string, symbol: string) {
  return withClient(dbUrl, async (c) => {
    const t0 = performance.now();
    const { rows } = await c.query<{
      id: string;
      user_id: string;
      side: 'buy' | 'sell';
      price_ticks: string;
      lots: string;
      filled_lots: string;
    }>(
      `SELECT id, user_id, side, price_ticks, lots, filled_lots FROM spot_orders
        WHERE market = $1 AND status IN ('new', 'open', 'partially_filled')
        ORDER BY seq`,
      [symbol],
    );
    const t1 = performance.now();
    const book = new SpotOrderBook({ trackChanges: true });
    for (const r of rows) {
      book.rest({
        id: r.id,
        owner: r.user_id,
        side: r.side,
        priceTicks: Number(r.price_ticks),
        lots: Number(r.lots) - Number(r.filled_lots),
      });
    }
    book.drainChanges();
    return { orders: rows.length, queryMs: t1 - t0, restMs: performance.now() - t1 };
  });
}

/**
 * One order far from the mid, answered within seconds: the engine runs (a book it could not
 * rebuild leaves the market without one, and orders would wait for an answer that never comes).
 */
async function probe(server: ServerChild, cookie: string, m: LoadMarket): Promise<void> {
  const res = await fetch(`${server.url}/api/spot/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      market: m.symbol,
      side: 'buy',
      type: 'limit',
      price: priceOf(m, Math.floor(m.midTicks / 2)),
      quantity: m.quantity,
    }),
    signal: AbortSignal.timeout(15_000),
  }).catch((err: unknown) => {
    throw new Error(`the engine does not answer: ${String(err)}\n${server.log()}`);
  });
  if (res.status !== 201) throw new Error(`probe order: ${res.status} ${await res.text()}`);
}

/**
 * Issue 17, part 11: the p99 of placing an order over HTTP with a deep book against a
 * shallow one. The resting orders are written in SQL while the server is down; its start
 * (the engine's rebuild from the database) is timed too.
 */
export async function benchSpotDepth(ctx: BenchContext, cluster: PgCluster): Promise<void> {
  const deep = ctx.short ? 10_000 : 100_000;
  const shallow = 1000;
  const seconds = ctx.short ? 2 : 8;
  const dbUrl = await createDatabase(cluster.url, 'bench_spot_depth');
  const db = { DATABASE_URL: dbUrl };
  let server: ServerChild | null = await startSpotServer(ctx, 'spot-depth', db);
  const results: Depth[] = [];
  let violations: string[] = [];
  let mid = '';
  try {
    const seeded = await server.call('seed', {
      users: USERS,
      inrPerUser: '1000000',
      usdtPerUser: '1000',
    });
    const m = USDT_INR(Number((await server.call('prices', {})).rate));
    mid = priceOf(m, m.midTicks);
    // A resting buy reserves about ₹90 and a sell 1 USDT: 100k of them need ~₹70k and ~800
    // USDT a trader.
    await fundTraders(dbUrl, seeded.userIds, [
      ['INR', '10000000'],
      ['USDT', '10000'],
    ]);
    await server.stop();
    server = null;
    const rand = prng(11);
    for (const target of [shallow, deep]) {
      const t0 = Date.now();
      const resting = await seedResting(dbUrl, m, seeded.userIds, target, rand);
      const seedSeconds = (Date.now() - t0) / 1000;
      ctx.log(`  ${resting} resting orders in USDT-INR (${seedSeconds.toFixed(1)} s); starting`);
      const rebuild = await rebuildTime(dbUrl, m.symbol);
      const t1 = Date.now();
      server = await startSpotServer(ctx, 'spot-depth', db);
      const startSeconds = (Date.now() - t1) / 1000;
      const book = (await (
        await fetch(`${server.url}/api/spot/markets/${m.symbol}/book`)
      ).json()) as { bids: unknown[]; asks: unknown[] };
      if (book.bids.length === 0 || book.asks.length === 0) {
        throw new Error(`the rebuilt book is empty: ${JSON.stringify(book).slice(0, 200)}`);
      }
      await probe(server, seeded.cookies[0]!, m);
      const placeRand = prng(target);
      const dbCpu = await postgresCpu(dbUrl);
      const load = (s: number) =>
        httpLoad(server!, {
          path: '/api/spot/orders',
          connections: CONNECTIONS,
          seconds: s,
          expect: 201,
          dbCpu,
          next: (i) => ({
            cookie: seeded.cookies[i % seeded.cookies.length]!,
            body: limitOrderBody(m, placeRand, LEVELS),
          }),
        });
      await load(1);
      ctx.log(`  placing at ${CONNECTIONS} connections for ${seconds} s`);
      const placed = await load(seconds);
      results.push({ resting, startSeconds, seedSeconds, rebuild, load: placed });
      ctx.log(
        `  ${resting} resting: p99 ${placed.p99?.toFixed(1)} ms, p50 ${placed.p50?.toFixed(1)} ms, ${placed.perSecond.toFixed(0)}/s; server start ${startSeconds.toFixed(1)} s`,
      );
      await sleep(200);
      if (target === deep) violations = await server.call('invariants', {});
      await server.stop();
      server = null;
    }
  } finally {
    await server?.stop();
  }
  const [small, big] = results as [Depth, Depth];
  const engineOrders = ctx.short ? 5000 : 50_000;
  const engineSmall = engineDepthP99(small.resting, LEVELS, engineOrders);
  const engineBig = engineDepthP99(big.resting, LEVELS, engineOrders);
  const cpu = (d: Depth) =>
    `server ${d.load.serverCpuMicrosPer?.toFixed(0) ?? '—'} + PostgreSQL ${d.load.dbCpuMicrosPer?.toFixed(0) ?? '—'} µs`;
  const { report } = ctx;
  report.ratio(
    PART,
    `placement p99 over HTTP, ${big.resting} resting`,
    big.load.p99,
    'ms',
    small.load.p99,
    `p99 at ${small.resting} resting`,
    '≤',
    2,
    `p50 ${big.load.p50?.toFixed(1)} against ${small.load.p50?.toFixed(1)} ms; ${big.load.perSecond.toFixed(0)} against ${small.load.perSecond.toFixed(0)} orders/s at ${CONNECTIONS} connections; CPU per order ${cpu(big)} against ${cpu(small)}; limit orders ±${LEVELS} ticks around ₹${mid}, half crossing`,
  );
  // Information next to the HTTP figure: the engine's own share of a placement.
  report.info(
    PART,
    `engine alone: place p99, ${big.resting} resting (in-process)`,
    engineBig.p99Us,
    'µs',
    `${engineSmall.p99Us?.toFixed(1)} µs at ${small.resting} resting (×${engineBig.p99Us !== null && engineSmall.p99Us ? (engineBig.p99Us / engineSmall.p99Us).toFixed(2) : '—'}); p50 ${engineBig.p50Us?.toFixed(1)} against ${engineSmall.p50Us?.toFixed(1)} µs; ${engineOrders} orders, each with the batch's top-20 read`,
  );
  report.info(
    PART,
    `book rebuild from the database, ${big.rebuild.orders} resting`,
    big.rebuild.queryMs + big.rebuild.restMs,
    'ms',
    `query ${big.rebuild.queryMs.toFixed(0)} ms + engine ${big.rebuild.restMs.toFixed(0)} ms, as MarketEngine.load, in the bench process (${(small.rebuild.queryMs + small.rebuild.restMs).toFixed(0)} ms at ${small.rebuild.orders}); whole server start ${big.startSeconds.toFixed(1)} s against ${small.startSeconds.toFixed(1)} s; the ${big.resting} seeded in SQL through spot_accept in ${(small.seedSeconds + big.seedSeconds).toFixed(1)} s`,
  );
  report.bound(
    PART,
    'errors',
    small.load.errors + big.load.errors,
    '',
    '≤',
    0,
    JSON.stringify([small.load.statuses, big.load.statuses]),
  );
  report.bound(PART, 'ledger invariant violations', violations.length, '', '≤', 0, violations[0]);
  report.details[PART] = {
    users: USERS,
    connections: CONNECTIONS,
    seconds,
    levelsPerSide: LEVELS,
    engine: { orders: engineOrders, small: engineSmall, big: engineBig },
    steps: results.map((r) => ({
      ...r,
      load: { ...r.load, perSecond: round3(r.load.perSecond), p99: round3(r.load.p99) },
    })),
    violations: violations.slice(0, 10),
  };
}
