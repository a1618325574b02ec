import {
  ADMIN_PAGE_SIZE,
  groupInr,
  messages,
  quickPrices,
  TRADE_PAGE_SIZE,
  type AdminTrade,
  type ErrorCode,
  type QuickTradeResponse,
  type quickTradeRequestSchema,
  type Trade,
  type TradeStatus,
  type TradeType,
} from '@sikka/contracts';
import type { z } from 'zod';
import type { Queryable } from '../db/index.ts';
import { containsPattern, isUuid, toCount, Where } from '../db/query-helpers.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { requestHash, type StoredAnswer } from './idempotency.ts';
import { isPriceWorse } from './rate.ts';
import { toAdminTrade, toTrade, type TradeRow, type WithUser } from './rows.ts';
import { moneyError } from './sql-errors.ts';

/** A refusal the server decides before the trade runs; quick_trade raises it (SK010) for a new key only. */
export type QuickTradeRefusal = Extract<ErrorCode, 'price_changed'>;

const REFUSAL_MESSAGE: Record<QuickTradeRefusal, string> = {
  price_changed: messages.quickBuy.priceChanged,
};

export interface QuickTradeInput {
  userId: string;
  /** the request's Idempotency-Key, if it sent one */
  key: string | undefined;
  /** requestHash of the validated body: the same key with another body is refused */
  requestHash: string;
  side: TradeType;
  usdtAmount: string;
  /** the server's price for this side, INR per USDT */
  price: string;
  /** the refusal the server decided from its price; raised only if the key is new */
  refusal: QuickTradeRefusal | undefined;
  /** bounds of the trade's INR total (the server's settings), decimal rupees */
  minTotal: string;
  maxTotal: string;
  /** TDS withheld from a sell's gross, a decimal fraction (the server's TDS_RATE) */
  tdsRate: string;
}

/** The answer to a total outside the bounds, as a field message of the amount. */
function tradeLimit(message: string): DomainError {
  return new DomainError('trade_limit', message, { usdtAmount: message });
}

export type QuickTradeRequest = z.output<typeof quickTradeRequestSchema>;

export interface QuickTradeOrder {
  userId: string;
  key: string | undefined;
  /** the validated body: the side, the quantity and the rate the user saw (a guard only) */
  request: QuickTradeRequest;
  /** the server's USDT/INR rate (money/rate.ts); the side's price is derived from it */
  rate: string;
  minTotal: string;
  maxTotal: string;
  /** the server's TDS_RATE; sells withhold it (migration 015) */
  tdsRate: string;
}

/**
 * A quick trade at the server's price (DESIGN.md §7): buy at rate + 2, sell at rate − 1.5.
 * The user's quoted rate only guards against a moved price: worse for the user by more than
 * the tolerance, and the trade is refused with price_changed. The refusal is raised by the
 * database and only for a new key, so a replay answers with what the first request got even
 * if the price has moved since.
 */
export function quickTrade(
  db: Queryable,
  order: QuickTradeOrder,
): Promise<StoredAnswer<QuickTradeResponse>> {
  return runQuickTrade(db, quickTradeInput(order));
}

/** What quick_trade is called with for an order: the side's price and the server's refusal. */
export function quickTradeInput(order: QuickTradeOrder): QuickTradeInput {
  const { side, usdtAmount, quotedRate } = order.request;
  const prices = quickPrices(order.rate);
  const price = side === 'buy' ? prices.buy : prices.sell;
  return {
    userId: order.userId,
    key: order.key,
    requestHash: requestHash('quick-trade', order.request),
    side,
    usdtAmount,
    price,
    refusal: isPriceWorse(side, price, quotedRate) ? 'price_changed' : undefined,
    minTotal: order.minTotal,
    maxTotal: order.maxTotal,
    tdsRate: order.tdsRate,
  };
}

/**
 * quick_trade's arguments after the user, in its order (key, request hash, side, amount,
 * price, refused, bounds, TDS rate): quick_trade_for_session (migration 026) takes the same.
 */
export function quickTradeArgs(input: QuickTradeInput): unknown[] {
  return [
    input.key ?? null,
    input.requestHash,
    input.side,
    input.usdtAmount,
    input.price,
    input.refusal !== undefined,
    input.minTotal,
    input.maxTotal,
    input.tdsRate,
  ];
}

/** The domain error of an error quick_trade raised (or returned, migration 026), if it is ours. */
export function quickTradeError(err: unknown, input: QuickTradeInput): DomainError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SK012') return tradeLimit(messages.trades.totalMin(groupInr(input.minTotal)));
  if (code === 'SK013') return tradeLimit(messages.trades.totalMax(groupInr(input.maxTotal)));
  // What SK010 means: the code the caller decided, with its words.
  const refusal = input.refusal && new DomainError(input.refusal, REFUSAL_MESSAGE[input.refusal]);
  return moneyError(err, refusal);
}

/**
 * A whole quick trade, idempotency included, in one statement: quick_trade
 * (migrations/009_quick_trade.sql) stores and returns the API's answer, so a replay gives
 * the first request's answer byte for byte.
 */
export async function runQuickTrade(
  db: Queryable,
  input: QuickTradeInput,
): Promise<StoredAnswer<QuickTradeResponse>> {
  let rows;
  try {
    rows = await db.query<{
      replayed: boolean;
      response_status: number;
      response_body: QuickTradeResponse;
    }>(
      `SELECT replayed, response_status, response_body
           FROM quick_trade($1::uuid, $2, $3, $4, $5::numeric, $6::numeric, $7, $8::numeric, $9::numeric,
                            $10::numeric)`,
      [input.userId, ...quickTradeArgs(input)],
    );
  } catch (err) {
    throw quickTradeError(err, input) ?? err;
  }
  const row = rows[0]!;
  return { status: row.response_status, body: row.response_body, replayed: row.replayed };
}

export interface TradeFilter {
  page: number;
  status?: string | undefined;
  type?: TradeType | undefined;
  search?: string | undefined;
}

/** The user's own trades, newest first, page by page, with the exact number of matches. */
export async function listOwnTrades(
  db: Queryable,
  userId: string,
  filter: TradeFilter & { status?: TradeStatus | undefined },
): Promise<{ trades: Trade[]; total: number }> {
  const where = new Where().add('t.user_id = ?', userId);
  if (filter.status) where.add('t.status = ?', filter.status);
  if (filter.type) where.add('t.type = ?', filter.type);
  if (filter.search) where.add('t.id::text ILIKE ?', containsPattern(filter.search));
  const countParams = [...where.params];
  const limit = where.next(TRADE_PAGE_SIZE);
  const offset = where.next((filter.page - 1) * TRADE_PAGE_SIZE);
  const rowsQuery = db.query<TradeRow>(
    `SELECT t.* FROM trades t ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
    where.params,
  );
  // Without a search the per-user counters answer exactly without touching the trades.
  const countQuery = filter.search
    ? db.query<{ n: string }>(`SELECT count(*) AS n FROM trades t ${where}`, countParams)
    : db.query<{ n: string | null }>(
        `SELECT sum(n) AS n FROM trade_counts
          WHERE user_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR type = $3)`,
        [userId, filter.status ?? null, filter.type ?? null],
      );
  const [rows, count] = await Promise.all([rowsQuery, countQuery]);
  return { trades: rows.map(toTrade), total: toCount(count) };
}

/**
 * One of the user's own trades. Someone else's, an unknown and a malformed id are all the
 * same not found: the owner is part of the query, so nothing tells them apart.
 */
export async function getOwnTrade(db: Queryable, userId: string, tradeId: string): Promise<Trade> {
  if (!isUuid(tradeId)) throw notFound();
  const rows = await db.query<TradeRow>(
    `SELECT t.* FROM trades t WHERE t.id = $1::uuid AND t.user_id = $2::uuid`,
    [tradeId, userId],
  );
  if (!rows[0]) throw notFound();
  return toTrade(rows[0]);
}

/** Every user's trades, newest first, with the owner's name and e-mail. */
export async function listAdminTrades(
  db: Queryable,
  filter: TradeFilter,
): Promise<{ items: AdminTrade[]; total: number }> {
  const where = new Where();
  if (filter.status) where.add('t.status = ?', filter.status);
  if (filter.type) where.add('t.type = ?', filter.type);
  if (filter.search) {
    where.add(
      `(u.full_name ILIKE ? OR u.email ILIKE ? OR t.id::text ILIKE ?)`,
      containsPattern(filter.search),
    );
  }
  const from = `FROM trades t JOIN users u ON u.id = t.user_id ${where}`;
  const countParams = [...where.params];
  const limit = where.next(ADMIN_PAGE_SIZE);
  const offset = where.next((filter.page - 1) * ADMIN_PAGE_SIZE);
  const rowsQuery = db.query<TradeRow & WithUser>(
    `SELECT t.*, u.full_name AS user_full_name, u.email AS user_email ${from}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
    where.params,
  );
  // Summing the per-user counters reads one small row per user instead of every trade.
  const countQuery = filter.search
    ? db.query<{ n: string }>(`SELECT count(*) AS n ${from}`, countParams)
    : db.query<{ n: string | null }>(
        `SELECT sum(n) AS n FROM trade_counts
          WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR type = $2)`,
        [filter.status ?? null, filter.type ?? null],
      );
  const [rows, count] = await Promise.all([rowsQuery, countQuery]);
  return { items: rows.map(toAdminTrade), total: toCount(count) };
}
