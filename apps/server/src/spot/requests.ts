import type { SpotCancelReason, SpotOrderStatus, SpotSide, SpotStpMode } from '@sikka/contracts';
import type { ErrorCode } from '@sikka/contracts';

/**
 * What reaches a market's engine: from this instance's routes directly, or from another
 * instance through the spot_inbox table (so every field is plain JSON).
 */
export interface PlaceRequest {
  kind: 'place';
  /** The new order's id; also the request's id. */
  id: string;
  /**
   * The house's own orders name their user. A user's order names its session instead (the
   * SHA-256 of the cookie's token): the engine's batch resolves it in its own transaction, so
   * the busiest route makes no query of its own (ADR 018).
   */
  userId: string | null;
  tokenHash?: string | null;
  side: SpotSide;
  type: 'limit' | 'market';
  tif: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  stp: SpotStpMode;
  priceTicks: number | null;
  lots: number | null;
  /** Market buy by INR total (rupees, 2 places). */
  quoteAmount: string | null;
  key: string | null;
  hash: string | null;
}

export interface CancelRequest {
  kind: 'cancel';
  id: string;
  userId: string;
  orderId: string;
}

export interface CancelAllRequest {
  kind: 'cancelAll';
  id: string;
  userId: string;
}

export type EngineRequest = PlaceRequest | CancelRequest | CancelAllRequest;

export type EngineReply =
  | {
      id: string;
      ok: true;
      orderId?: string;
      cancelled?: number;
      /** A placed order's user (resolved from its session). */
      userId?: string;
      /** A local placement's answer as the batch wrote it (spot_settle): no read after commit. */
      answer?: OrderAnswerRow;
    }
  | { id: string; ok: false; code: ErrorCode | 'replay'; replayOf?: string; userId?: string };

/** An order and its fills as spot_settle() returns them (the columns of queries.ts). */
export type OrderAnswerRow = {
  id: string;
  market: string;
  side: SpotSide;
  type: 'limit' | 'market';
  price_ticks: string | null;
  lots: string | null;
  quote_amount: string | null;
  filled_lots: string;
  average_price: string | null;
  inr_value: string;
  fee: string;
  tds: string;
  status: SpotOrderStatus;
  time_in_force: 'GTC' | 'IOC' | 'FOK';
  post_only: boolean;
  cancel_reason: SpotCancelReason | null;
  created_at: string;
  updated_at: string;
  fills: FillAnswerRow[];
};

export type FillAnswerRow = {
  id: string;
  price_ticks: string;
  lots: string;
  value: string;
  fee: string;
  tds: string;
  liquidity: 'maker' | 'taker';
  created_at: string;
};

/** The state a batch leaves an order in, as spot_settle() takes it. */
export interface OrderUpdate {
  id: string;
  status: Exclude<SpotOrderStatus, 'new'>;
  reason: SpotCancelReason | null;
  filledLots: number;
  /** A new order of this batch whose route waits here: spot_settle returns its state. */
  answer?: boolean;
}
