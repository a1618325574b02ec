import { z } from 'zod';
import { coinSchema, marketSourceSchema } from './market.ts';
import { balancesSchema } from './user.ts';

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
 * Sent after each poll that changed something: only the coins whose values changed, plus
 * the ids of markets that left the list. An empty `coins` with a new `error` means the poll
 * failed and the previous list still stands.
 */
export const tickersMessageSchema = z.object({
  type: z.literal('tickers'),
  coins: z.array(coinSchema),
  removed: z.array(z.string()).optional(),
  updatedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** The signed-in user's balances changed (by any server instance, or by an admin). */
export const balanceMessageSchema = z.object({
  type: z.literal('balance'),
  balances: balancesSchema,
});

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
  heartbeatMessageSchema,
  pongMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type SnapshotMessage = z.infer<typeof snapshotMessageSchema>;
export type TickersMessage = z.infer<typeof tickersMessageSchema>;
export type BalanceMessage = z.infer<typeof balanceMessageSchema>;
export type HeartbeatMessage = z.infer<typeof heartbeatMessageSchema>;

/** Client → server: `ping` (answered with `pong`), `resync` (answered with a snapshot). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('resync') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
