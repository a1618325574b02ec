import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { messages, REALTIME_PATH, WS_MAX_MESSAGE_BYTES } from '@sikka/contracts';
import { loginSource } from '../auth/throttle.ts';
import { hashToken } from '../auth/tokens.ts';
import { DomainError } from '../domain-error.ts';
import type { MarketTick } from '../market/feed.ts';
import { RealtimeHub } from './hub.ts';
import { originAllowed } from './origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket fan-out of this instance. */
    realtime: RealtimeHub;
  }
}

/**
 * @fastify/websocket's `errorHandler` for errors on an open socket. `ws` reports a client that
 * broke the protocol with a `WS_ERR_*` code, most often a message over WS_MAX_MESSAGE_BYTES:
 * the client's fault, not ours. `ws` has already sent the close frame (1009 for a message too
 * big) and stopped reading, so one warning without a stack is enough, and the socket is left
 * to finish that close (terminating now could cut the close frame before it leaves). Anything
 * else is logged as the library's default does, and the socket dropped.
 */
export function realtimeSocketErrorHandler(
  error: Error,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code.startsWith('WS_ERR_')) {
    const tooBig = code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
    request.log.warn(
      { code, reason: error.message, ...(tooBig ? { limitBytes: WS_MAX_MESSAGE_BYTES } : {}) },
      tooBig
        ? 'websocket message over the size limit: socket closed'
        : 'websocket protocol error from the client: socket closed',
    );
    return;
  }
  request.log.error({ err: error }, 'websocket error');
  socket.terminate();
}

/** Written by the triggers of migration 003 with the user id as payload. */
export const BALANCE_CHANNEL = 'balance_changed';
/** Written by the triggers of migration 018 (chain deposits, crypto withdrawals), user id payload. */
export const CRYPTO_ACTIVITY_CHANNEL = 'crypto_activity';
/** Written by the trigger on notifications (migration 020), user id payload. */
export const USER_NOTICE_CHANNEL = 'user_notice';
/** Written when session rows are deleted (migration 039, ADR 040), user id payload. */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/**
 * WebSocket /api/realtime: Origin and the socket caps checked at the handshake, the user taken
 * from the session cookie (the auth plugin has already resolved it for this request), market
 * ticks from the feed, balance events and ended sessions from PostgreSQL LISTEN. Needs
 * @fastify/websocket and the market.
 */
export const realtimePlugin = fp(
  async (app) => {
    const config = app.config;
    const hub = new RealtimeHub({
      db: app.db,
      market: app.market,
      clock: app.clock,
      log: app.log.child({ module: 'realtime' }),
      heartbeatMs: config.WS_HEARTBEAT_MS,
      sessionCheckMs: config.WS_SESSION_CHECK_MS,
      maxPerUser: config.WS_MAX_PER_USER,
      maxPerSource: config.WS_MAX_PER_IP,
    });
    app.decorate('realtime', hub);
    const onTick = (tick: MarketTick) => hub.onTick(tick);
    app.market.on('tick', onTick);
    const unlisten = await app.db.listen(
      BALANCE_CHANNEL,
      (payload) => hub.onBalanceChanged(payload),
      () => hub.refreshAllBalances(),
    );
    const unlistenCrypto = await app.db.listen(
      CRYPTO_ACTIVITY_CHANNEL,
      (payload) => hub.onCryptoActivity(payload),
      // Changes made while the LISTEN connection was down were never notified: a balance
      // refresh reaches the pages, and they reload their crypto lists on it too.
      () => undefined,
    );
    const unlistenNotices = await app.db.listen(
      USER_NOTICE_CHANNEL,
      (payload) => hub.onUserNotice(payload),
      () => undefined,
    );
    const unlistenSessions = await app.db.listen(
      SESSION_ENDED_CHANNEL,
      (payload) => hub.onSessionEnded(payload),
      // Sessions deleted while the LISTEN connection was down were never notified.
      () => void hub.sessions.checkAll(),
    );
    hub.start();
    app.addHook('onClose', async () => {
      await unlistenNotices().catch(() => undefined);
      await unlistenSessions().catch(() => undefined);
      app.market.off('tick', onTick);
      await hub.close();
      await unlisten().catch(() => undefined);
      await unlistenCrypto().catch(() => undefined);
    });

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          if (!originAllowed(request.headers.origin, app.publicOrigins)) {
            throw new DomainError('cross_site', messages.http.crossSite);
          }
          // A plain GET is answered 404 by @fastify/websocket and holds no place.
          if (!request.ws) return;
          // Refused before the upgrade (ADR 040): a browser's socket never opens, so the page
          // does not re-read its data as after a reconnect, and its backoff grows to 10 s.
          const place = hub.caps.take(request.user?.id ?? null, loginSource(request.ip));
          if (!place.ok) {
            request.log.info({ limit: place.limit }, 'websocket refused: too many sockets');
            throw new DomainError('rate_limited', messages.realtime.tooManySockets);
          }
          // The TCP connection is the socket's from here on: refused later, upgraded, closed
          // or cut, its place is given back when it closes.
          const connection = request.raw.socket;
          connection.once('close', place.release);
          if (connection.destroyed) place.release();
        },
      },
      (socket, request) => {
        const user =
          request.user && request.sessionToken
            ? { id: request.user.id, tokenHash: hashToken(request.sessionToken) }
            : null;
        hub.accept(socket, user);
      },
    );
  },
  { name: 'sikka-realtime', dependencies: ['sikka-market', '@fastify/websocket'] },
);
