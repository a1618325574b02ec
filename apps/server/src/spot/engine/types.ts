/**
 * The spot matching engine's vocabulary. Every price is a positive safe integer number of
 * ticks and every quantity a positive safe integer number of lots: no float ever carries a
 * price or an amount through the engine.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** Self-trade prevention: what happens when a taker meets a resting order of the same owner. */
export type StpMode = 'cancel_taker' | 'cancel_maker' | 'cancel_both';
export type CancelReason = 'ioc' | 'fok' | 'post_only' | 'stp' | 'no_liquidity' | 'funds';

export interface NewOrder {
  /** Unique (uuid text); the engine refuses (throws) a duplicate id of a resting order. */
  id: string;
  /** Account id; STP compares it. */
  owner: string;
  side: Side;
  type: OrderType;
  /** Limit: > 0; market: ignored (pass 0). */
  priceTicks: number;
  /** > 0. */
  lots: number;
  /** Market orders: 'IOC' or 'FOK' (GTC market is treated as IOC). */
  tif: TimeInForce;
  /** Limit only: if it would match at once, it is cancelled ('post_only') and nothing changes. */
  postOnly: boolean;
  stp: StpMode;
  /** Market BUY only, optional: the fills' sum of priceTicks × lots may not exceed this. */
  maxQuoteUnits?: number;
}

export interface Fill {
  makerId: string;
  makerOwner: string;
  takerId: string;
  takerOwner: string;
  /** The maker's price. */
  priceTicks: number;
  lots: number;
  /** Lots the maker has left after this fill (0 = maker done, removed). */
  makerRemaining: number;
}

export interface RemovedOrder {
  id: string;
  owner: string;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface PlaceResult {
  /** In execution order. */
  fills: Fill[];
  filledLots: number;
  /** > 0 only when the rest of a limit GTC order now rests in the book. */
  restingLots: number;
  /** filled: filledLots === lots; open: resting; else cancelled. */
  status: 'open' | 'filled' | 'cancelled';
  /** Set iff status === 'cancelled'. */
  cancelReason: CancelReason | null;
  /** Resting orders removed by STP (cancel_maker / cancel_both). */
  makerCancels: RemovedOrder[];
}

export interface RestingOrder {
  id: string;
  owner: string;
  side: Side;
  priceTicks: number;
  /** Remaining lots. */
  lots: number;
}

export interface OrderBookOptions {
  /** Record the levels whose total changed, for drainChanges(). */
  trackChanges?: boolean;
}

/** [priceTicks, totalLots, orderCount] of one aggregated level. */
export type DepthLevel = [number, number, number];

/** [side, priceTicks, totalLots] of a level whose total changed; 0 lots = the level is gone. */
export type LevelChange = [Side, number, number];
