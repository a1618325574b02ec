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
  userId: string;
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
  | { id: string; ok: true; orderId?: string; cancelled?: number }
  | { id: string; ok: false; code: ErrorCode | 'replay'; replayOf?: string };

/** The state a batch leaves an order in, as spot_settle() takes it. */
export interface OrderUpdate {
  id: string;
  status: Exclude<SpotOrderStatus, 'new'>;
  reason: SpotCancelReason | null;
  filledLots: number;
}
