import { randomUUID } from 'node:crypto';
import {
  compareDecimal,
  messages,
  multiplyDecimal,
  spotMessages,
  type PlaceSpotOrderRequest,
  type SpotOrderResponse,
} from '@sikka/contracts';
import type { z } from 'zod';
import type { placeSpotOrderRequestSchema } from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import { DomainError, unauthorized } from '../domain-error.ts';
import { requestHash } from '../money/idempotency.ts';
import type { SpotExchange } from './exchange.ts';
import { fromUnits, toUnits, type SpotMarketDef } from './markets.ts';
import { getOrder, orderAnswer, orderState } from './queries.ts';
import type { EngineReply, PlaceRequest } from './requests.ts';

type PlaceBody = z.output<typeof placeSpotOrderRequestSchema>;

/** Who places an order: a user by the session the engine resolves, or a known user. */
export type OrderPlacer = { tokenHash: string } | { userId: string };

const invalid = (field: string, message: string) =>
  new DomainError('validation_error', message, { [field]: message });

/** Checks an order against its market and turns it into the engine's integer units. */
export function orderRequest(
  market: SpotMarketDef,
  who: OrderPlacer,
  body: PlaceBody,
  key: string | undefined,
): PlaceRequest {
  const tif = body.timeInForce ?? (body.type === 'market' ? 'IOC' : 'GTC');
  if (body.type === 'market' && tif === 'GTC') throw invalid('timeInForce', spotMessages.marketGtc);
  if (body.postOnly && body.type !== 'limit') throw invalid('postOnly', spotMessages.postOnlyLimit);
  let priceTicks: number | null = null;
  if (body.type === 'limit') {
    if (body.price === undefined) throw invalid('price', spotMessages.priceRequired);
    const t = toUnits(body.price, market.tickSize, market.maxPriceTicks);
    if (t === null) throw invalid('price', spotMessages.priceTick(market.tickSize));
    if (t === 'too_large') throw invalid('price', spotMessages.priceTooHigh);
    if (t < market.minPriceTicks) {
      throw invalid(
        'price',
        spotMessages.priceTooLow(fromUnits(market.minPriceTicks, market.tickSize)),
      );
    }
    priceTicks = t;
  } else if (body.price !== undefined) {
    throw invalid('price', spotMessages.priceNotForMarket);
  }
  if (body.quoteAmount !== undefined) {
    if (body.type !== 'market' || body.side !== 'buy') {
      throw invalid('quoteAmount', spotMessages.quoteOnlyMarketBuy);
    }
    if (body.quantity !== undefined) throw invalid('quantity', spotMessages.quantityOrQuote);
    if (!/^\d+(\.\d{1,2})?$/.test(body.quoteAmount)) {
      throw invalid('quoteAmount', messages.trades.totalMin('0.01'));
    }
    if (compareDecimal(body.quoteAmount, market.minOrderValue) < 0) {
      throw invalid('quoteAmount', spotMessages.minOrderValue(market.minOrderValue));
    }
  }
  let lots: number | null = null;
  if (body.quoteAmount === undefined) {
    if (body.quantity === undefined) throw invalid('quantity', spotMessages.quantityRequired);
    const l = toUnits(body.quantity, market.lotSize, market.maxLots);
    if (l === null)
      throw invalid('quantity', spotMessages.quantityLot(market.lotSize, market.base));
    if (l === 'too_large') throw invalid('quantity', spotMessages.quantityTooLarge);
    lots = l;
    if (
      body.price !== undefined &&
      compareDecimal(multiplyDecimal(body.price, body.quantity, 8, 'down'), market.minOrderValue) <
        0
    ) {
      throw invalid('quantity', spotMessages.minOrderValue(market.minOrderValue));
    }
  }
  const normalised = { ...body, timeInForce: tif };
  return {
    kind: 'place',
    id: randomUUID(),
    userId: 'userId' in who ? who.userId : null,
    tokenHash: 'tokenHash' in who ? who.tokenHash : null,
    side: body.side,
    type: body.type,
    tif,
    postOnly: body.postOnly ?? false,
    stp: body.selfTradePrevention ?? 'cancel_taker',
    priceTicks,
    lots,
    quoteAmount: body.quoteAmount ?? null,
    key: key ?? null,
    hash: key === undefined ? null : requestHash('spot.place', normalised),
  };
}

function refusal(reply: Extract<EngineReply, { ok: false }>, market: SpotMarketDef, side: string) {
  switch (reply.code) {
    case 'insufficient_funds':
      return new DomainError(
        'insufficient_funds',
        side === 'buy' ? spotMessages.insufficientInr : spotMessages.insufficientCoin(market.base),
      );
    case 'kyc_required':
      return new DomainError('kyc_required', messages.kycRequired.trade);
    case 'idempotency_conflict':
      return new DomainError('idempotency_conflict', messages.idempotency.conflict);
    case 'invalid_state':
      return new DomainError('invalid_state', spotMessages.orderClosed);
    case 'spot_unavailable':
      return new DomainError('spot_unavailable', spotMessages.busy);
    case 'unauthorized':
      return unauthorized();
    case 'rate_limited':
      return new DomainError('rate_limited', messages.trades.tooManyRequests);
    default:
      return new DomainError('internal_error', messages.http.internal);
  }
}

/**
 * Places an order; answers once it and its fills are durable. The engine's batch answers a
 * local order with what it wrote; a replay, or an order run by another instance's engine, is
 * read back.
 */
export async function placeOrder(
  exchange: SpotExchange,
  db: Db,
  who: OrderPlacer,
  key: string | undefined,
  body: PlaceSpotOrderRequest,
): Promise<{ replayed: boolean; body: SpotOrderResponse }> {
  const parsed = body as PlaceBody;
  const market = exchange.market(parsed.market);
  if (!market) throw invalid('market', spotMessages.marketUnknown);
  const request = orderRequest(market, who, parsed, key);
  const reply = await exchange.submit(market.symbol, request);
  let orderId = request.id;
  let replayed = false;
  if (!reply.ok) {
    if (reply.code !== 'replay' || !reply.replayOf) throw refusal(reply, market, parsed.side);
    orderId = reply.replayOf;
    replayed = true;
  } else if (reply.answer) {
    return { replayed, body: orderAnswer(reply.answer, reply.answer.fills, market) };
  }
  const userId = reply.userId ?? ('userId' in who ? who.userId : undefined);
  const answer = userId ? await getOrder(db, userId, orderId, (s) => exchange.market(s)) : null;
  if (!answer) throw new DomainError('internal_error', messages.http.internal);
  return { replayed, body: answer };
}

export async function cancelOrder(
  exchange: SpotExchange,
  db: Db,
  userId: string,
  orderId: string,
): Promise<SpotOrderResponse> {
  const state = await orderState(db, userId, orderId);
  if (!state) throw new DomainError('not_found', spotMessages.orderNotFound);
  if (!state.open) throw new DomainError('invalid_state', spotMessages.orderClosed);
  const reply = await exchange.submit(state.market, {
    kind: 'cancel',
    id: randomUUID(),
    userId,
    orderId,
  });
  const market = exchange.market(state.market)!;
  if (!reply.ok) throw refusal(reply, market, 'buy');
  const answer = await getOrder(db, userId, orderId, (s) => exchange.market(s));
  if (!answer) throw new DomainError('not_found', spotMessages.orderNotFound);
  return answer;
}

export async function cancelAll(
  exchange: SpotExchange,
  userId: string,
  market: string | undefined,
): Promise<number> {
  const symbols = market ? [market] : exchange.markets.map((m) => m.symbol);
  let cancelled = 0;
  for (const symbol of symbols) {
    const m = exchange.market(symbol);
    if (!m) throw invalid('market', spotMessages.marketUnknown);
    const reply = await exchange.submit(m.symbol, { kind: 'cancelAll', id: randomUUID(), userId });
    if (!reply.ok) throw refusal(reply, m, 'buy');
    cancelled += reply.cancelled ?? 0;
  }
  return cancelled;
}

/**
 * Cancels the resting orders of frozen accounts (ADR 035). A freeze cancels them itself right
 * after its commit; this catches an instance that stopped between the two (run at start and
 * then periodically by the spot plugin). Returns the orders cancelled.
 */
export async function cancelOrdersOfFrozenAccounts(
  db: Db,
  exchange: SpotExchange,
): Promise<number> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT DISTINCT o.user_id::text AS user_id FROM spot_orders o JOIN users u ON u.id = o.user_id
      WHERE u.frozen_at IS NOT NULL AND o.status IN ('new', 'open', 'partially_filled')`,
  );
  let cancelled = 0;
  for (const { user_id } of rows) cancelled += await cancelAll(exchange, user_id, undefined);
  return cancelled;
}
