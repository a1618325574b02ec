import { z } from 'zod';
import { optionalFilter, pageSchema } from './money.ts';

/**
 * The spot exchange (issue 17, ADR 018): INR order books with a matching engine, behind
 * SPOT_TRADING=on. Prices and quantities travel as decimal strings; the engine works in
 * integer ticks and lots (price = ticks × tickSize, quantity = lots × lotSize).
 */

export const SPOT_QUOTE = 'INR';
/** Coins quoted in INR when SPOT_COINS is not set, in the order the screens list them. */
export const SPOT_COINS_DEFAULT = ['USDT', 'BTC', 'ETH', 'SOL', 'XRP', 'DOGE'] as const;
/** Levels per side the book screen shows (PRODUCT.md: 7), and the levels a subscriber follows. */
export const SPOT_BOOK_LEVELS_SHOWN = 7;
export const SPOT_BOOK_LEVELS = 20;
/** Recent public trades a book snapshot carries. */
export const SPOT_RECENT_TRADES = 30;
export const SPOT_ORDERS_PAGE_SIZE = 20;

export interface SpotMarketSpec {
  base: string;
  name: string;
  /** INR per tick and coins per lot, decimal strings. */
  tickSize: string;
  lotSize: string;
  /** Smallest order value in INR (price × quantity). */
  minOrderValue: string;
}

/**
 * Every coin a spot market may be configured for. A lot is worth well over the fees' and
 * TDS's paisa roundings at any sane price, so a seller's INR never goes down on a fill
 * (docs/money.md, "Spot fills").
 */
export const SPOT_MARKET_SPECS: Record<string, SpotMarketSpec> = {
  USDT: { base: 'USDT', name: 'Tether', tickSize: '0.01', lotSize: '0.01', minOrderValue: '10' },
  BTC: { base: 'BTC', name: 'Bitcoin', tickSize: '1', lotSize: '0.00001', minOrderValue: '100' },
  ETH: { base: 'ETH', name: 'Ethereum', tickSize: '1', lotSize: '0.0001', minOrderValue: '100' },
  SOL: { base: 'SOL', name: 'Solana', tickSize: '0.1', lotSize: '0.001', minOrderValue: '100' },
  XRP: { base: 'XRP', name: 'XRP', tickSize: '0.01', lotSize: '0.1', minOrderValue: '100' },
  DOGE: { base: 'DOGE', name: 'Dogecoin', tickSize: '0.001', lotSize: '1', minOrderValue: '100' },
};

export const spotSides = ['buy', 'sell'] as const;
export const spotOrderTypes = ['limit', 'market'] as const;
export const spotTimeInForces = ['GTC', 'IOC', 'FOK'] as const;
export const spotStpModes = ['cancel_taker', 'cancel_maker', 'cancel_both'] as const;
/** new: accepted, not yet matched (only between the request and the engine's answer). */
export const spotOrderStatuses = [
  'new',
  'open',
  'partially_filled',
  'filled',
  'cancelled',
] as const;
export const spotCancelReasons = [
  'user',
  'ioc',
  'fok',
  'post_only',
  'stp',
  'no_liquidity',
  'funds',
] as const;
export type SpotSide = (typeof spotSides)[number];
export type SpotOrderType = (typeof spotOrderTypes)[number];
export type SpotTimeInForce = (typeof spotTimeInForces)[number];
export type SpotStpMode = (typeof spotStpModes)[number];
export type SpotOrderStatus = (typeof spotOrderStatuses)[number];
export type SpotCancelReason = (typeof spotCancelReasons)[number];

export const spotMessages = {
  disabled: 'Spot trading is not enabled on this server',
  marketUnknown: 'Unknown market',
  sideInvalid: 'Side must be buy or sell',
  typeInvalid: 'Order type must be limit or market',
  tifInvalid: 'Time in force must be GTC, IOC or FOK',
  stpInvalid: 'Self-trade prevention must be cancel_taker, cancel_maker or cancel_both',
  priceRequired: 'Price is required for a limit order',
  priceInvalid: 'Price must be a positive number',
  priceTick: (tick: string) => `Price must be a multiple of ₹${tick}`,
  priceTooLow: (min: string) => `Price must be at least ₹${min} in this market`,
  priceTooHigh: 'Price is too high for this market',
  priceNotForMarket: 'A market order takes no price',
  quantityRequired: 'Amount is required',
  quantityInvalid: 'Amount must be a positive number',
  quantityLot: (lot: string, base: string) => `Amount must be a multiple of ${lot} ${base}`,
  quantityTooLarge: 'Amount is too large for this market',
  quoteOnlyMarketBuy: 'A total in INR is accepted for market buy orders only',
  quantityOrQuote: 'Give either an amount or a total, not both',
  minOrderValue: (min: string) => `Order value must be at least ₹${min}`,
  postOnlyLimit: 'Post-only applies to limit orders only',
  marketGtc: 'A market order is IOC or FOK',
  insufficientInr: 'Insufficient INR balance for this order',
  insufficientCoin: (base: string) => `Insufficient ${base} balance for this order`,
  orderNotFound: 'Order not found',
  orderClosed: 'This order is already closed',
  placed: 'Order placed',
  filled: 'Order filled',
  cancelled: 'Order cancelled',
  statusInvalid: 'Status must be open, closed or all',
  busy: 'The exchange is busy. Please try again in a moment.',
} as const;

const marketSymbolSchema = z
  .string({ error: spotMessages.marketUnknown })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}-INR$/, { error: spotMessages.marketUnknown });

/** A positive decimal string without sign or exponent; limits per market are checked by the server. */
const positiveDecimal = (error: string) =>
  z
    .string({ error })
    .trim()
    .regex(/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/, { error })
    .refine((v) => /[1-9]/.test(v), { error });

export const spotMarketSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.literal(SPOT_QUOTE),
  name: z.string(),
  tickSize: z.string(),
  lotSize: z.string(),
  minOrderValue: z.string(),
  /** Decimal places of a price / an amount in this market (from the tick and lot sizes). */
  priceDecimals: z.number().int(),
  quantityDecimals: z.number().int(),
});
export type SpotMarket = z.infer<typeof spotMarketSchema>;

export const spotMarketsResponseSchema = z.object({
  enabled: z.boolean(),
  markets: z.array(spotMarketSchema),
  /** Fee rates as decimal fractions ('0.001' = 0.1%), charged in INR. */
  makerFee: z.string(),
  takerFee: z.string(),
  /** TDS withheld from a seller's INR (section 194S), as the quick trade. */
  tdsRate: z.string(),
});
export type SpotMarketsResponse = z.infer<typeof spotMarketsResponseSchema>;

export const placeSpotOrderRequestSchema = z.strictObject({
  market: marketSymbolSchema,
  side: z.enum(spotSides, { error: spotMessages.sideInvalid }),
  type: z.enum(spotOrderTypes, { error: spotMessages.typeInvalid }),
  /** Limit orders only: INR per coin. */
  price: positiveDecimal(spotMessages.priceInvalid).optional(),
  /** Coins. Required except for a market buy given by `quoteAmount`. */
  quantity: positiveDecimal(spotMessages.quantityInvalid).optional(),
  /** Market buy only: INR to spend at most (fees included). */
  quoteAmount: positiveDecimal(spotMessages.quantityInvalid).optional(),
  timeInForce: z.enum(spotTimeInForces, { error: spotMessages.tifInvalid }).optional(),
  postOnly: z.boolean().optional(),
  selfTradePrevention: z.enum(spotStpModes, { error: spotMessages.stpInvalid }).optional(),
});
export type PlaceSpotOrderRequest = z.input<typeof placeSpotOrderRequestSchema>;

export const spotFillSchema = z.object({
  id: z.string(),
  price: z.string(),
  quantity: z.string(),
  /** INR value of the fill (price × quantity, exact). */
  value: z.string(),
  /** INR fee and TDS charged to this order for the fill (paisa). */
  fee: z.string(),
  tds: z.string(),
  liquidity: z.enum(['maker', 'taker']),
  createdAt: z.string(),
});
export type SpotFill = z.infer<typeof spotFillSchema>;

export const spotOrderSchema = z.object({
  id: z.string(),
  market: z.string(),
  side: z.enum(spotSides),
  type: z.enum(spotOrderTypes),
  /** null for a market order. */
  price: z.string().nullable(),
  /** null for a market buy given by its INR total. */
  quantity: z.string().nullable(),
  quoteAmount: z.string().nullable(),
  filledQuantity: z.string(),
  /** Average fill price, null before the first fill. */
  averagePrice: z.string().nullable(),
  /**
   * INR so far: a buy's paid (value rounded up, fees included), a sell's received (value
   * rounded down, less fees and TDS).
   */
  inrTotal: z.string(),
  fee: z.string(),
  tds: z.string(),
  status: z.enum(spotOrderStatuses),
  timeInForce: z.enum(spotTimeInForces),
  postOnly: z.boolean(),
  cancelReason: z.enum(spotCancelReasons).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const spotOrderResponseSchema = z.object({
  order: spotOrderSchema,
  fills: z.array(spotFillSchema),
});
export type SpotOrderResponse = z.infer<typeof spotOrderResponseSchema>;

export const spotOrdersQuerySchema = z.object({
  page: pageSchema,
  /** open: new, open, partially filled; closed: the rest. */
  status: optionalFilter(['open', 'closed'] as const, spotMessages.statusInvalid),
  market: optionalFilter(
    SPOT_COINS_DEFAULT.map((c) => `${c}-INR`) as unknown as readonly [string, ...string[]],
    spotMessages.marketUnknown,
  ),
  side: optionalFilter(spotSides, spotMessages.sideInvalid),
});
export type SpotOrdersQuery = z.input<typeof spotOrdersQuerySchema>;

export const spotOrdersResponseSchema = z.object({
  items: z.array(spotOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SpotOrdersResponse = z.infer<typeof spotOrdersResponseSchema>;

export const cancelAllSpotOrdersRequestSchema = z.strictObject({
  market: marketSymbolSchema.optional(),
});
export const cancelAllSpotOrdersResponseSchema = z.object({ cancelled: z.number().int() });

/** [price, quantity] of one aggregated level; quantity '0' in a delta removes the level. */
export const spotLevelSchema = z.tuple([z.string(), z.string()]);
export type SpotLevel = z.infer<typeof spotLevelSchema>;

export const spotPublicTradeSchema = z.object({
  id: z.string(),
  price: z.string(),
  quantity: z.string(),
  /** The taker's side: buy = the price went up to an ask. */
  side: z.enum(spotSides),
  time: z.string(),
});
export type SpotPublicTrade = z.infer<typeof spotPublicTradeSchema>;

export const spotBookResponseSchema = z.object({
  market: z.string(),
  /** Book version: a subscriber applies deltas with seq + 1, + 2, … */
  seq: z.number().int(),
  bids: z.array(spotLevelSchema),
  asks: z.array(spotLevelSchema),
  trades: z.array(spotPublicTradeSchema),
});
export type SpotBookResponse = z.infer<typeof spotBookResponseSchema>;

export const spotStatsSchema = z.object({
  market: z.string(),
  /** null until the market's first trade: the screens show the feed's figures instead. */
  last: z.string().nullable(),
  high24h: z.string().nullable(),
  low24h: z.string().nullable(),
  /** Coins and INR traded in the last 24 h. */
  volume24h: z.string(),
  quoteVolume24h: z.string(),
  /** Percent change of the last price over 24 h, 2 places; null without a trade 24 h ago. */
  change24h: z.string().nullable(),
});
export type SpotStats = z.infer<typeof spotStatsSchema>;

export const spotAssetBalanceSchema = z.object({
  asset: z.string(),
  name: z.string(),
  /** Free to trade or withdraw. */
  available: z.string(),
  /** Reserved by open spot orders. */
  reserved: z.string(),
  /** Held by withdrawals in flight. */
  held: z.string(),
  /** (available + reserved + held) × the market's last price, INR 2 places; null without a price. */
  valueInr: z.string().nullable(),
});
export type SpotAssetBalance = z.infer<typeof spotAssetBalanceSchema>;
export const spotBalancesResponseSchema = z.object({
  assets: z.array(spotAssetBalanceSchema),
  totalValueInr: z.string(),
});
export type SpotBalancesResponse = z.infer<typeof spotBalancesResponseSchema>;

// ---------------------------------------------------------------- realtime

/** Client → server on /api/realtime: follow one market's book and trades (one at a time). */
export const spotSubscribeMessageSchema = z.object({
  type: z.literal('spotSubscribe'),
  market: z.string().max(20),
});
export const spotUnsubscribeMessageSchema = z.object({ type: z.literal('spotUnsubscribe') });

/**
 * Server → client: the first message after spotSubscribe is a snapshot (`snapshot: true`,
 * the top SPOT_BOOK_LEVELS levels a side); later ones carry the levels of that view that
 * changed (quantity '0': gone from it) and the new public trades, newest last. Each seq is
 * the previous + 1; a gap means the client missed one and should subscribe again.
 */
export const spotBookMessageSchema = z.object({
  type: z.literal('spotBook'),
  market: z.string(),
  seq: z.number().int(),
  snapshot: z.boolean(),
  bids: z.array(spotLevelSchema),
  asks: z.array(spotLevelSchema),
  trades: z.array(spotPublicTradeSchema),
});
export type SpotBookMessage = z.infer<typeof spotBookMessageSchema>;

/** The signed-in user's spot orders changed (filled as a maker, cancelled): reload them. */
export const spotOrdersMessageSchema = z.object({ type: z.literal('spotOrders') });
export type SpotOrdersMessage = z.infer<typeof spotOrdersMessageSchema>;

/** GET /api/admin/spot/engines: the engines the answering instance runs (operations, tests). */
export const adminSpotEnginesResponseSchema = z.object({
  enabled: z.boolean(),
  engines: z.array(
    z.object({
      market: z.string(),
      epoch: z.number().int(),
      /** Resting orders and the SHA-256 of the book (side, price, id, remaining, in priority). */
      orders: z.number().int(),
      hash: z.string(),
    }),
  ),
});
export type AdminSpotEnginesResponse = z.infer<typeof adminSpotEnginesResponseSchema>;
