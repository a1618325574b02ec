import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelAllSpotOrdersRequestSchema,
  cancelAllSpotOrdersResponseSchema,
  candleIntervalSchema,
  candlesResponseSchema,
  CANDLE_LIMIT_DEFAULT,
  CANDLE_LIMIT_MAX,
  idempotencyHeadersSchema,
  placeSpotOrderRequestSchema,
  spotBalancesResponseSchema,
  spotBookResponseSchema,
  spotMarketsResponseSchema,
  SESSION_COOKIE,
  spotMessages,
  spotOrderResponseSchema,
  spotOrdersQuerySchema,
  spotOrdersResponseSchema,
  spotStatsSchema,
} from '@sikka/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { findSessionUser } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { DomainError, unauthorized } from '../../domain-error.ts';
import { spotRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import { assetBalances } from '../../spot/balances.ts';
import { KnownSessions } from '../../spot/known-sessions.ts';
import type { SpotMarketDef } from '../../spot/markets.ts';
import { cancelAll, cancelOrder, placeOrder } from '../../spot/orders.ts';
import { getOrder, listOrders, marketCandles, marketStats } from '../../spot/queries.ts';

const symbolParams = z.object({ symbol: z.string().max(20) });
const idParams = z.object({ id: z.uuid({ error: spotMessages.orderNotFound }) });
const candlesQuery = z.object({
  interval: candleIntervalSchema.default('1h'),
  limit: z.coerce.number().int().min(1).max(CANDLE_LIMIT_MAX).default(CANDLE_LIMIT_DEFAULT),
});
/** How long a session that resolved stays known to the order route, and how many it keeps. */
const KNOWN_SESSION_MS = 60_000;
const KNOWN_SESSIONS_MAX = 50_000;

function spotOf(app: FastifyInstance) {
  if (!app.spot) throw new DomainError('not_found', spotMessages.disabled);
  return app.spot;
}

function marketOf(app: FastifyInstance, symbol: string): SpotMarketDef {
  const m = spotOf(app).exchange.market(symbol);
  if (!m) throw new DomainError('not_found', spotMessages.marketUnknown);
  return m;
}

/** /api/spot: the spot exchange's markets, books, orders and balances (ADR 018). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const markets = (s: string) => app.spot?.exchange.market(s);

  app.get(
    '/markets',
    {
      config: { sessionIndependent: true },
      schema: { response: { 200: spotMarketsResponseSchema, ...errors() } },
    },
    async () => ({
      enabled: app.spot !== null,
      markets: (app.spot?.exchange.markets ?? []).map((m) => ({
        symbol: m.symbol,
        base: m.base,
        quote: m.quote,
        name: m.name,
        tickSize: m.tickSize,
        lotSize: m.lotSize,
        minOrderValue: m.minOrderValue,
        priceDecimals: m.priceDecimals,
        quantityDecimals: m.quantityDecimals,
      })),
      makerFee: app.config.SPOT_MAKER_FEE,
      takerFee: app.config.SPOT_TAKER_FEE,
      tdsRate: app.config.TDS_RATE,
    }),
  );

  app.get(
    '/markets/:symbol/book',
    {
      config: { sessionIndependent: true },
      schema: {
        params: symbolParams,
        response: { 200: spotBookResponseSchema, ...errors(404) },
      },
    },
    async (request) => {
      const m = marketOf(app, request.params.symbol);
      const book = spotOf(app).feed.book(m.symbol);
      if (!book) throw new DomainError('not_found', spotMessages.marketUnknown);
      return book;
    },
  );

  app.get(
    '/markets/:symbol/stats',
    {
      config: { sessionIndependent: true },
      schema: { params: symbolParams, response: { 200: spotStatsSchema, ...errors(404) } },
    },
    async (request) => marketStats(app.db, marketOf(app, request.params.symbol), app.clock()),
  );

  app.get(
    '/markets/:symbol/candles',
    {
      config: { sessionIndependent: true },
      schema: {
        params: symbolParams,
        querystring: candlesQuery,
        response: { 200: candlesResponseSchema, ...errors(404) },
      },
    },
    async (request) => ({
      candles: await marketCandles(
        app.db,
        marketOf(app, request.params.symbol),
        request.query.interval,
        request.query.limit,
      ),
    }),
  );

  // Every asset the user holds; answers with the spot exchange off too (the wallet overview).
  app.get(
    '/balances',
    {
      onRequest: requireUserHook,
      schema: { response: { 200: spotBalancesResponseSchema, ...errors(401) } },
    },
    async (request) =>
      assetBalances(app.db, requireUser(request).id, (asset) =>
        app.market.getPriceText(`${asset}INR`),
      ),
  );

  // The session is resolved by the market's engine, in the batch's own transaction, and the
  // per-user budget (SPOT_ORDERS_PER_MIN) is counted there too (ADR 018): this route, the
  // exchange's busiest, makes no query of its own for a session valid a minute ago. Any other
  // is read first, so a made-up cookie is answered 401 without reaching a market's writer.
  const known = new KnownSessions(KNOWN_SESSION_MS, KNOWN_SESSIONS_MAX);
  app.post(
    '/orders',
    {
      config: { sessionInEngine: true },
      schema: {
        headers: idempotencyHeadersSchema,
        body: placeSpotOrderRequestSchema,
        response: { 201: spotOrderResponseSchema, ...errors(401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const { exchange } = spotOf(app);
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) throw unauthorized();
      const tokenHash = hashToken(token);
      const now = app.clock();
      if (!known.has(tokenHash, now.getTime())) {
        if (!(await findSessionUser(app.db, token, now))) throw unauthorized();
        known.remember(tokenHash, now.getTime());
      }
      const answer = await placeOrder(
        exchange,
        app.db,
        { tokenHash },
        request.headers['idempotency-key'],
        request.body,
      ).catch((err: unknown) => {
        // Revoked since (signed out elsewhere, frozen): read again next time.
        if (err instanceof DomainError && err.code === 'unauthorized') known.forget(tokenHash);
        throw err;
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.get(
    '/orders',
    {
      onRequest: requireUserHook,
      schema: {
        querystring: spotOrdersQuerySchema,
        response: { 200: spotOrdersResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      spotOf(app);
      return listOrders(app.db, requireUser(request).id, request.query, markets);
    },
  );

  app.get(
    '/orders/:id',
    {
      onRequest: requireUserHook,
      schema: { params: idParams, response: { 200: spotOrderResponseSchema, ...errors(401, 404) } },
    },
    async (request) => {
      spotOf(app);
      const answer = await getOrder(app.db, requireUser(request).id, request.params.id, markets);
      if (!answer) throw new DomainError('not_found', spotMessages.orderNotFound);
      return answer;
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: requireUserHook,
      config: { rateLimit: spotRateLimit(app.config) },
      schema: {
        params: idParams,
        response: { 200: spotOrderResponseSchema, ...errors(401, 404, 409, 429) },
      },
    },
    async (request) =>
      cancelOrder(spotOf(app).exchange, app.db, requireUser(request).id, request.params.id),
  );

  app.post(
    '/orders/cancel-all',
    {
      onRequest: requireUserHook,
      config: { rateLimit: spotRateLimit(app.config) },
      schema: {
        body: cancelAllSpotOrdersRequestSchema,
        response: { 200: cancelAllSpotOrdersResponseSchema, ...errors(401, 404, 429) },
      },
    },
    async (request) => ({
      cancelled: await cancelAll(
        spotOf(app).exchange,
        requireUser(request).id,
        request.body.market,
      ),
    }),
  );
};

export default routes;
