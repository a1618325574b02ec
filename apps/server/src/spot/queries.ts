import {
  addDecimal,
  subtractDecimal,
  SPOT_BOOK_LEVELS,
  SPOT_ORDERS_PAGE_SIZE,
  SPOT_RECENT_TRADES,
  type Candle,
  type CandleInterval,
  type SpotFill,
  type SpotOrder,
  type SpotOrdersQuery,
  type SpotPublicTrade,
  type SpotStats,
} from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { fromUnits, type SpotMarketDef } from './markets.ts';
import type { BookView } from './book-view.ts';
import type { FillAnswerRow, OrderAnswerRow } from './requests.ts';

type OrderRow = Omit<OrderAnswerRow, 'fills'>;

const ORDER_COLUMNS = `o.id, o.market, o.side, o.type, o.price_ticks, o.lots, o.quote_amount,
  o.filled_lots, o.inr_value, o.fee, o.tds, o.status, o.time_in_force, o.post_only,
  o.cancel_reason,
  CASE WHEN o.filled_lots > 0
       THEN trim_scale(round(o.value_exact / (o.filled_lots * m.lot_size), 8))::text END
    AS average_price,
  to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

function toOrder(r: OrderRow, market: SpotMarketDef): SpotOrder {
  const paid = addDecimal(r.inr_value, r.fee, 2);
  return {
    id: r.id,
    market: r.market,
    side: r.side,
    type: r.type,
    price: r.price_ticks === null ? null : fromUnits(r.price_ticks, market.tickSize),
    quantity: r.lots === null ? null : fromUnits(r.lots, market.lotSize),
    quoteAmount: r.quote_amount,
    filledQuantity: fromUnits(r.filled_lots, market.lotSize),
    averagePrice: r.average_price,
    inrTotal:
      r.side === 'buy' ? paid : subtractDecimal(subtractDecimal(r.inr_value, r.fee, 2), r.tds, 2),
    fee: r.fee,
    tds: r.tds,
    status: r.status,
    timeInForce: r.time_in_force,
    postOnly: r.post_only,
    cancelReason: r.cancel_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function getOrder(
  db: Queryable,
  userId: string,
  orderId: string,
  markets: (symbol: string) => SpotMarketDef | undefined,
): Promise<{ order: SpotOrder; fills: SpotFill[] } | null> {
  const [row] = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM spot_orders o JOIN spot_markets m ON m.symbol = o.market
      WHERE o.id = $1 AND o.user_id = $2`,
    [orderId, userId],
  );
  const market = row ? markets(row.market) : undefined;
  if (!row || !market) return null;
  const fills = await db.query<FillAnswerRow>(
    `SELECT f.id, f.price_ticks, f.lots, trim_scale(f.value)::text AS value,
            CASE WHEN (f.taker_side = 'buy') = (f.taker_order_id = $1) THEN f.buyer_fee
                 ELSE f.seller_fee END AS fee,
            CASE WHEN (f.taker_side = 'buy') = (f.taker_order_id = $1) THEN 0.00
                 ELSE f.seller_tds END AS tds,
            CASE WHEN f.taker_order_id = $1 THEN 'taker' ELSE 'maker' END AS liquidity,
            to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
       FROM spot_fills f
      WHERE f.taker_order_id = $1 OR f.maker_order_id = $1
      ORDER BY f.no`,
    [orderId],
  );
  return orderAnswer(row, fills, market);
}

/** An order and its fills as the API answers them, from the columns above (or spot_settle's). */
export function orderAnswer(
  row: OrderRow,
  fills: FillAnswerRow[],
  market: SpotMarketDef,
): { order: SpotOrder; fills: SpotFill[] } {
  return {
    order: toOrder(row, market),
    fills: fills.map((f) => ({
      id: f.id,
      price: fromUnits(f.price_ticks, market.tickSize),
      quantity: fromUnits(f.lots, market.lotSize),
      value: f.value,
      fee: f.fee,
      tds: f.tds,
      liquidity: f.liquidity,
      createdAt: f.created_at,
    })),
  };
}

export async function listOrders(
  db: Queryable,
  userId: string,
  query: {
    page: number;
    status?: 'open' | 'closed' | undefined;
    market?: string | undefined;
    side?: 'buy' | 'sell' | undefined;
  } & Partial<SpotOrdersQuery>,
  markets: (symbol: string) => SpotMarketDef | undefined,
): Promise<{ items: SpotOrder[]; total: number; page: number; pageSize: number }> {
  const where = ['o.user_id = $1'];
  const params: unknown[] = [userId];
  if (query.status === 'open') where.push(`o.status IN ('new', 'open', 'partially_filled')`);
  if (query.status === 'closed') where.push(`o.status IN ('filled', 'cancelled')`);
  if (query.market) {
    params.push(query.market);
    where.push(`o.market = $${params.length}`);
  }
  if (query.side) {
    params.push(query.side);
    where.push(`o.side = $${params.length}`);
  }
  const [count] = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM spot_orders o WHERE ${where.join(' AND ')}`,
    params,
  );
  params.push(SPOT_ORDERS_PAGE_SIZE, (query.page - 1) * SPOT_ORDERS_PAGE_SIZE);
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM spot_orders o JOIN spot_markets m ON m.symbol = o.market
      WHERE ${where.join(' AND ')}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    items: rows.flatMap((r) => {
      const m = markets(r.market);
      return m ? [toOrder(r, m)] : [];
    }),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: SPOT_ORDERS_PAGE_SIZE,
  };
}

/** Whether an order exists for this user and is still open (a cancel's first check). */
export async function orderState(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<{ market: string; open: boolean } | null> {
  const [row] = await db.query<{ market: string; status: string }>(
    'SELECT market, status FROM spot_orders WHERE id = $1 AND user_id = $2',
    [orderId, userId],
  );
  if (!row) return null;
  return { market: row.market, open: !['filled', 'cancelled'].includes(row.status) };
}

/** The top of a market's book from the open orders (an instance that does not run its engine). */
export async function loadBookView(db: Queryable, market: SpotMarketDef): Promise<BookView> {
  const side = async (s: 'buy' | 'sell') => {
    const rows = await db.query<{ p: string; q: string }>(
      `SELECT price_ticks AS p, sum(lots - filled_lots) AS q FROM spot_orders
        WHERE market = $1 AND side = $2 AND status IN ('open', 'partially_filled')
        GROUP BY price_ticks ORDER BY price_ticks ${s === 'buy' ? 'DESC' : 'ASC'} LIMIT $3`,
      [market.symbol, s, SPOT_BOOK_LEVELS],
    );
    return rows.map(
      (r) => [fromUnits(r.p, market.tickSize), fromUnits(r.q, market.lotSize)] as [string, string],
    );
  };
  return { bids: await side('buy'), asks: await side('sell') };
}

export async function recentTrades(
  db: Queryable,
  market: SpotMarketDef,
  limit = SPOT_RECENT_TRADES,
): Promise<SpotPublicTrade[]> {
  const rows = await db.query<{
    id: string;
    price_ticks: string;
    lots: string;
    side: 'buy' | 'sell';
    time: string;
  }>(
    `SELECT id, price_ticks, lots, taker_side AS side,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time
       FROM spot_fills WHERE market = $1 ORDER BY no DESC LIMIT $2`,
    [market.symbol, limit],
  );
  return rows.reverse().map((r) => ({
    id: r.id,
    price: fromUnits(r.price_ticks, market.tickSize),
    quantity: fromUnits(r.lots, market.lotSize),
    side: r.side,
    time: r.time,
  }));
}

export async function marketStats(
  db: Queryable,
  market: SpotMarketDef,
  now: Date,
): Promise<SpotStats> {
  const [row] = await db.query<{
    last: string | null;
    high: string | null;
    low: string | null;
    volume: string | null;
    quote_volume: string | null;
    open: string | null;
  }>(
    `WITH day AS (
       SELECT price, quantity, value, no FROM spot_fills
        WHERE market = $1 AND created_at > $2::timestamptz - interval '24 hours')
     SELECT (SELECT trim_scale(price)::text FROM spot_fills WHERE market = $1 ORDER BY no DESC LIMIT 1) AS last,
            trim_scale(max(price))::text AS high, trim_scale(min(price))::text AS low,
            trim_scale(coalesce(sum(quantity), 0))::text AS volume,
            round(coalesce(sum(value), 0), 2)::text AS quote_volume,
            (SELECT trim_scale(price)::text FROM spot_fills WHERE market = $1
               AND created_at <= $2::timestamptz - interval '24 hours' ORDER BY no DESC LIMIT 1) AS open
       FROM day`,
    [market.symbol, now.toISOString()],
  );
  let change: string | null = null;
  if (row?.last && row.open) {
    const [c] = await db.query<{ c: string }>(
      'SELECT round(($1::numeric - $2::numeric) * 100 / $2::numeric, 2)::text AS c',
      [row.last, row.open],
    );
    change = c?.c ?? null;
  }
  return {
    market: market.symbol,
    last: row?.last ?? null,
    high24h: row?.high ?? null,
    low24h: row?.low ?? null,
    volume24h: row?.volume ?? '0',
    quoteVolume24h: row?.quote_volume ?? '0.00',
    change24h: change,
  };
}

/** OHLCV candles of the market's fills; empty before its first trade. */
export async function marketCandles(
  db: Queryable,
  market: SpotMarketDef,
  interval: CandleInterval,
  limit: number,
): Promise<Candle[]> {
  const seconds = interval === '1m' ? 60 : 3600;
  const rows = await db.query<{
    t: string;
    o: string;
    h: string;
    l: string;
    c: string;
    v: string;
  }>(
    `SELECT b.t, (array_agg(price ORDER BY no))[1] AS o, max(price) AS h, min(price) AS l,
            (array_agg(price ORDER BY no DESC))[1] AS c, sum(value) AS v
       FROM (SELECT floor(extract(epoch FROM created_at) / $2) * $2 AS t, price, value, no
               FROM spot_fills WHERE market = $1
                AND created_at > now() - make_interval(secs => $2 * $3)) b
      GROUP BY b.t ORDER BY b.t`,
    [market.symbol, seconds, limit],
  );
  // Chart coordinates only: the candles are drawn, never used for money.
  return rows.map((r) => ({
    time: Number(r.t),
    open: Number(r.o),
    high: Number(r.h),
    low: Number(r.l),
    close: Number(r.c),
    volume: Number(r.v),
  }));
}
