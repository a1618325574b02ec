import type { NewOrder, RestingOrder } from './types.ts';

/**
 * The engine's own refusals of nonsense. The host validates first and answers people; these
 * throw, because reaching them means a bug upstream, never a user's mistake.
 */

// Plain comparisons rather than Set look-ups: this runs once per order on the hot path.
const isSide = (v: string) => v === 'buy' || v === 'sell';
const isType = (v: string) => v === 'limit' || v === 'market';
const isTif = (v: string) => v === 'GTC' || v === 'IOC' || v === 'FOK';
const isStp = (v: string) => v === 'cancel_taker' || v === 'cancel_maker' || v === 'cancel_both';

function positiveSafeInteger(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${what} must be a positive safe integer, got ${String(value)}`);
  }
}

function nonEmptyString(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new Error(`${what} must be a non-empty string`);
  }
}

export function assertNewOrder(order: NewOrder): void {
  nonEmptyString(order.id, 'id');
  nonEmptyString(order.owner, 'owner');
  if (!isSide(order.side)) throw new Error(`unknown side ${String(order.side)}`);
  if (!isType(order.type)) throw new Error(`unknown order type ${String(order.type)}`);
  if (!isTif(order.tif)) throw new Error(`unknown time in force ${String(order.tif)}`);
  if (!isStp(order.stp)) throw new Error(`unknown STP mode ${String(order.stp)}`);
  positiveSafeInteger(order.lots, 'lots');
  if (order.type === 'limit') positiveSafeInteger(order.priceTicks, 'priceTicks');
  const maxQuote = order.maxQuoteUnits;
  if (maxQuote !== undefined && (!Number.isSafeInteger(maxQuote) || maxQuote < 0)) {
    throw new Error(`maxQuoteUnits must be a non-negative safe integer, got ${String(maxQuote)}`);
  }
}

export function assertRestingOrder(order: RestingOrder): void {
  nonEmptyString(order.id, 'id');
  nonEmptyString(order.owner, 'owner');
  if (!isSide(order.side)) throw new Error(`unknown side ${String(order.side)}`);
  positiveSafeInteger(order.priceTicks, 'priceTicks');
  positiveSafeInteger(order.lots, 'lots');
}
