import { z } from 'zod';
import { coinSchema, marketSourceSchema } from './market.ts';
import { balancesSchema } from './user.ts';
import {
  spotBookMessageSchema,
  spotOrdersMessageSchema,
  spotSubscribeMessageSchema,
  spotUnsubscribeMessageSchema,
} from './spot.ts';

/**
 * The one WebSocket, /api/realtime (DESIGN.md §5). Server → client messages are a tagged
 * union on `type`; clients ignore types they do not know, so new ones can be added.
 */
// Its plain constants (path, limits, close codes) live in constants.ts, so the web app's
// start-up bundle can use them without pulling in zod and these schemas.

/** Sent once on connect (and after a `resync` or a lag): the full list. */
export const snapshotMessageSchema = z.object({
  type: z.literal('snapshot'),
  coins: z.array(coinSchema),
  source: marketSourceSchema,
  updatedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * One changed coin's live fields, by position (the fields a tick moves; name, symbol, image
 * and market cap stay in the snapshot): `[id, price, price_change_percentage_24h, volume]`,
 * or, when its 24 h high or low moved too, `[id, price, change, volume, high_24h, low_24h]`.
 * A field not sent keeps the value the client has. Positional so a tick costs a few bytes
 * per coin (docs/performance.md §3).
 */
export const coinTickSchema = z.union([
  z.tuple([z.string(), z.number(), z.number(), z.number()]),
  z.tuple([
    z.string(),
    z.number(),
    z.number(),
    z.number(),
    z.number().nullable(),
    z.number().nullable(),
  ]),
]);
export type CoinTick = z.infer<typeof coinTickSchema>;

/**
 * Sent after each poll that changed something, relative to the list of the previous message
 * (a snapshot plus every delta since, in order):
 * - `c`: the coins already in the list whose live values changed, as compact ticks;
 * - `coins`: coins sent whole: new to the list (appended to the end, in this order) or whose
 *   static fields (name, symbol, image, market cap) changed (replaced where they stand);
 * - `removed`: ids of markets that left the list.
 *
 * A tick that reorders the list is sent as a snapshot instead. A delta naming an id the client
 * does not have means it is out of step: it should send `resync`, not guess the coin. An empty
 * `c` with a new `error` means the poll failed and the previous list still stands.
 */
export const tickersMessageSchema = z.object({
  type: z.literal('tickers'),
  updatedAt: z.string().nullable(),
  error: z.string().nullable(),
  c: z.array(coinTickSchema),
  coins: z.array(coinSchema).optional(),
  removed: z.array(z.string()).optional(),
});

/** The signed-in user's balances changed (by any server instance, or by an admin). */
export const balanceMessageSchema = z.object({
  type: z.literal('balance'),
  balances: balancesSchema,
});

/**
 * The signed-in user's on-chain deposits or crypto withdrawals changed (found, confirmed,
 * credited, decided, sent, completed): the screens that list them load them again. No payload,
 * so nothing user-specific travels beyond the notification itself.
 */
export const cryptoActivityMessageSchema = z.object({ type: z.literal('cryptoActivity') });

/** The signed-in user has a new in-app notice (GET /api/notifications has it). No payload. */
export const notificationMessageSchema = z.object({ type: z.literal('notification') });

/**
 * Sent every heartbeat period (30 s) next to the protocol ping, because browsers answer pings
 * without telling the page: a page that hears nothing for two periods should reconnect.
 */
export const heartbeatMessageSchema = z.object({
  type: z.literal('heartbeat'),
  time: z.string(),
});

/** Answer to a client `ping`. */
export const pongMessageSchema = z.object({ type: z.literal('pong') });

export const serverMessageSchema = z.discriminatedUnion('type', [
  snapshotMessageSchema,
  tickersMessageSchema,
  balanceMessageSchema,
  cryptoActivityMessageSchema,
  notificationMessageSchema,
  heartbeatMessageSchema,
  pongMessageSchema,
  spotBookMessageSchema,
  spotOrdersMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;
export type TickersMessage = z.infer<typeof tickersMessageSchema>;
export type BalanceMessage = z.infer<typeof balanceMessageSchema>;
export type CryptoActivityMessage = z.infer<typeof cryptoActivityMessageSchema>;
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;
export type HeartbeatMessage = z.infer<typeof heartbeatMessageSchema>;

/**
 * Client → server: `ping` (answered with `pong`), `resync` (answered with a snapshot),
 * `spotSubscribe` / `spotUnsubscribe` (a market's book, spot.ts).
 */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('resync') }),
  spotSubscribeMessageSchema,
  spotUnsubscribeMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
