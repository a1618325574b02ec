import fp from 'fastify-plugin';
import { messages, REALTIME_PATH } from '@sikka/contracts';
import { hashToken } from '../auth/tokens.ts';
import { AppError } from '../http/errors.ts';
import type { MarketTick } from '../market/feed.ts';
import { RealtimeHub } from './hub.ts';
import { originAllowed } from './origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket fan-out of this instance. */
    realtime: RealtimeHub;
  }
}

/** Written by the triggers of migration 003 with the user id as payload. */
export const BALANCE_CHANNEL = 'balance_changed';

/**
 * WebSocket /api/realtime: Origin checked at the handshake, the user taken from the session
 * cookie (the auth plugin has already resolved it for this request), market ticks from the
 * feed and balance events from PostgreSQL LISTEN. Needs @fastify/websocket and the market.
 */
export const realtimePlugin = fp(
  async (app) => {
    const config = app.config;
    const allowedOrigins = new Set(
      (config.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const hub = new RealtimeHub({
      db: app.db,
      market: app.market,
      clock: app.clock,
      log: app.log.child({ module: 'realtime' }),
      heartbeatMs: config.WS_HEARTBEAT_MS,
      sessionCheckMs: config.WS_SESSION_CHECK_MS,
    });
    app.decorate('realtime', hub);
    const onTick = (tick: MarketTick) => hub.onTick(tick);
    app.market.on('tick', onTick);
    const unlisten = await app.db.listen(
      BALANCE_CHANNEL,
      (payload) => hub.onBalanceChanged(payload),
      () => hub.refreshAllBalances(),
    );
    hub.start();
    app.addHook('onClose', async () => {
      app.market.off('tick', onTick);
      await hub.close();
      await unlisten().catch(() => undefined);
    });

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          if (!originAllowed(request.headers.origin, request.host, allowedOrigins)) {
            throw new AppError(403, 'cross_site', messages.http.crossSite);
          }
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
