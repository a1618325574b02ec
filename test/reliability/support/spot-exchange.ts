import { decimalToUnits, unitsToDecimal, type SpotOrderResponse } from '@sikka/contracts';
import { SpotOrderBook, type Db, type Queryable } from '../../support/server.ts';
import { sleep } from '../../support/realtime-client.ts';
import { errorCodeOf, type HttpClient } from './http-client.ts';
import type { Prng } from './prng.ts';
import type { HttpUser } from './trade-burst.ts';

/** Server env of the spot tests: no market maker (deterministic books), fast takeover. */
export const SPOT_ENV = {
  SPOT_TRADING: 'on',
  SPOT_MARKET_MAKER: 'off',
  SPOT_TAKEOVER_MS: '300',
  SPOT_ORDERS_PER_MIN: '1000000',
};

export const ALL_MARKETS = ['USDT-INR', 'BTC-INR', 'ETH-INR', 'SOL-INR', 'XRP-INR', 'DOGE-INR'];

/** Per market: quantity decimals (lot size 10^-qd), price decimals, mid price and spread in ticks. */
const SHAPES = {
  'USDT-INR': { qd: 2, pd: 2, mid: 8800, spread: 40, lots: [100, 3000] },
  'BTC-INR': { qd: 5, pd: 0, mid: 5_000_000, spread: 4000, lots: [3, 40] },
} as const;
export type LoadMarket = keyof typeof SHAPES;
export const LOAD_MARKETS = Object.keys(SHAPES) as LoadMarket[];
export const quantityDecimals = (m: string) => SHAPES[m as LoadMarket]?.qd ?? 8;

export interface EngineInfo {
  market: string;
  epoch: number;
  orders: number;
  hash: string;
}

/** GET /api/admin/spot/engines on one instance: the engines it runs, with their book hashes. */
export async function engines(client: HttpClient, admin: string): Promise<EngineInfo[]> {
  const res = await client.get('/api/admin/spot/engines', admin);
  if (res.status !== 200) throw new Error(`engines ${res.status} ${res.body}`);
  return res.json<{ engines: EngineInfo[] }>().engines;
}

export const hashesOf = (list: EngineInfo[]) =>
  Object.fromEntries(list.map((e) => [e.market, e.hash]));

/** Polls an instance (every 50 ms) until it runs `count` engines; the time it took (ms). */
export async function waitForEngines(
  client: HttpClient,
  admin: string,
  count: number,
  timeoutMs: number,
): Promise<{ ms: number; engines: EngineInfo[] }> {
  const started = Date.now();
  for (;;) {
    const list = await engines(client, admin).catch(() => []);
    if (list.length === count) return { ms: Date.now() - started, engines: list };
    if (Date.now() - started > timeoutMs)
      throw new Error(`${list.length} engines, not ${count}, after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** House funding of a user's INR or coins (migration 021's spot_fund_account). */
export async function fundSpot(db: Db, userId: string, asset: string, amount: string) {
  await db.transaction(async (tx) => {
    await tx.query('SELECT spot_fund_account($1, $2, $3::numeric)', [userId, asset, amount]);
  });
}

/**
 * Every market's book rebuilt from the database alone, as MarketEngine.load does it: the open
 * orders in time priority, each resting with its unfilled lots. Market → SHA-256.
 */
export async function databaseHashes(db: Queryable): Promise<Record<string, string>> {
  const rows = await db.query<{
    id: string;
    market: string;
    user_id: string;
    side: 'buy' | 'sell';
    price_ticks: string;
    rest: string;
  }>(
    `SELECT id, market, user_id, side, price_ticks, (lots - filled_lots)::text AS rest
       FROM spot_orders WHERE status IN ('open', 'partially_filled') ORDER BY market, seq`,
  );
  const books = new Map(ALL_MARKETS.map((m) => [m, new SpotOrderBook()]));
  for (const r of rows)
    books.get(r.market)!.rest({
      id: r.id,
      owner: r.user_id,
      side: r.side,
      priceTicks: Number(r.price_ticks),
      lots: Number(r.rest),
    });
  return Object.fromEntries([...books].map(([m, b]) => [m, b.hash()]));
}

export type OrderBody = Record<string, string | boolean>;

/** A valid order around the market's mid: limits that rest or cross, market orders both ways. */
export function randomOrder(rnd: Prng, market: LoadMarket): OrderBody {
  const s = SHAPES[market];
  const side = rnd.next() < 0.5 ? 'buy' : 'sell';
  const quantity = unitsToDecimal(BigInt(rnd.int(s.lots[0], s.lots[1])), s.qd);
  const roll = rnd.next();
  if (roll < 0.75) {
    // Buyers bid a little high and sellers ask a little low half the time: books cross.
    const skew = (side === 'buy' ? 1 : -1) * Math.floor(s.spread / 4);
    const ticks = s.mid + skew + rnd.int(-s.spread, s.spread);
    const body: OrderBody = {
      market,
      side,
      type: 'limit',
      price: unitsToDecimal(BigInt(ticks), s.pd),
      quantity,
    };
    if (rnd.next() < 0.1) body.timeInForce = 'IOC';
    return body;
  }
  if (side === 'buy' && roll < 0.87) return { market, side, type: 'market', quoteAmount: '500.00' };
  return { market, side, type: 'market', quantity };
}

export interface SpotAnswer {
  /** 0: no answer (connection cut or refused) */
  status: number;
  code: string;
  replayed: boolean;
  body?: SpotOrderResponse;
}

export async function postSpot(
  client: HttpClient,
  user: HttpUser,
  path: string,
  body: unknown,
  key?: string,
): Promise<SpotAnswer> {
  try {
    const res = await client.post(path, user.cookie, body, key ? { 'idempotency-key': key } : {});
    const ok = res.status === 200 || res.status === 201;
    return {
      status: res.status,
      code: errorCodeOf(res),
      replayed: res.headers['idempotent-replayed'] === 'true',
      ...(ok && path !== '/api/spot/orders/cancel-all'
        ? { body: res.json<SpotOrderResponse>() }
        : {}),
    };
  } catch (err) {
    return { status: 0, code: (err as Error).message, replayed: false };
  }
}

const RANK: Record<string, number> = {
  new: 0,
  open: 1,
  partially_filled: 2,
  filled: 3,
  cancelled: 3,
};

/**
 * Each acknowledged answer against the database: the order exists with the answered status and
 * filled quantity, or has progressed since (a resting order filled or cancelled later; a closed
 * one must be exactly as answered), and every fill the answer listed exists. `cancelled`: the
 * answer was a cancel's, so the order must be cancelled. Returns the mismatches.
 */
export async function checkAnswers(
  db: Queryable,
  answers: Array<{ answer: SpotOrderResponse; cancel: boolean }>,
): Promise<string[]> {
  const ids = answers.map((a) => a.answer.order.id);
  const rows = await db.query<{ id: string; status: string; filled_lots: string }>(
    'SELECT id, status, filled_lots::text FROM spot_orders WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fillIds = answers.flatMap((a) => a.answer.fills.map((f) => f.id));
  const fills = await db.query<{ id: string; lots: string; taker: string; maker: string }>(
    `SELECT id, lots::text, taker_order_id AS taker, maker_order_id AS maker FROM spot_fills
      WHERE id = ANY($1::uuid[])`,
    [fillIds],
  );
  const fillById = new Map(fills.map((f) => [f.id, f]));
  const bad: string[] = [];
  for (const { answer, cancel } of answers) {
    const o = answer.order;
    const row = byId.get(o.id);
    const qd = quantityDecimals(o.market);
    const answered = decimalToUnits(o.filledQuantity, qd);
    if (!row) {
      bad.push(`order ${o.id} (${o.status}) is not in the database`);
      continue;
    }
    const dbLots = BigInt(row.filled_lots);
    const closed = RANK[o.status]! >= 3;
    const same = row.status === o.status && dbLots === answered;
    const progressed = RANK[row.status]! >= RANK[o.status]! && dbLots >= answered;
    if ((closed || cancel ? !same : !progressed) || (cancel && o.status !== 'cancelled'))
      bad.push(`order ${o.id}: answered ${o.status} ${answered}, database ${row.status} ${dbLots}`);
    for (const f of answer.fills) {
      const db = fillById.get(f.id);
      if (
        !db ||
        decimalToUnits(f.quantity, qd) !== BigInt(db.lots) ||
        ![db.taker, db.maker].includes(o.id)
      )
        bad.push(`fill ${f.id} of order ${o.id} missing or different`);
    }
  }
  return bad;
}
