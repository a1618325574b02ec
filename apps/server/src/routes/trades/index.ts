import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeadersSchema,
  messages,
  quickTradeRequestSchema,
  quickTradeResponseSchema,
  quoteSettingsResponseSchema,
  TRADE_PAGE_SIZE,
  tradeDetailResponseSchema,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@sikka/contracts';
import type { FastifyRequest } from 'fastify';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import { usdtInrRate } from '../../money/rate.ts';
import { getOwnTrade, listOwnTrades, quickTrade } from '../../money/trades.ts';

const idParams = z.object({ id: z.string() });

/** Signed-out traders get the quick-buy page's own message (PRODUCT.md §5), before validation. */
async function requireTrader(request: FastifyRequest): Promise<void> {
  requireUser(request, messages.quickBuy.loginRequired);
}

/** /api/trades: instant USDT buy/sell at the server's rate, and the user's own history. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quick',
    {
      onRequest: requireTrader,
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        headers: idempotencyHeadersSchema,
        body: quickTradeRequestSchema,
        response: { 201: quickTradeResponseSchema, ...errors(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      // The user comes from the session and the rate from the server's feed; the body names
      // only the side, the quantity and the rate the user saw (a guard, judged by quickTrade).
      const user = requireUser(request);
      const answer = await quickTrade(app.db, {
        userId: user.id,
        key: request.headers['idempotency-key'],
        request: request.body,
        rate: usdtInrRate(app),
        minTotal: app.config.TRADE_MIN_TOTAL_INR,
        maxTotal: app.config.TRADE_MAX_TOTAL_INR,
        tdsRate: app.config.TDS_RATE,
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );

  // The same for everyone, so the preview can show gross, TDS and net before the user confirms.
  app.get(
    '/quote-settings',
    {
      config: { sessionIndependent: true },
      schema: { response: { 200: quoteSettingsResponseSchema, ...errors() } },
    },
    async () => ({
      tdsRate: app.config.TDS_RATE,
      minTotal: app.config.TRADE_MIN_TOTAL_INR,
      maxTotal: app.config.TRADE_MAX_TOTAL_INR,
    }),
  );

  app.get(
    '',
    {
      onRequest: requireUserHook,
      schema: {
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page } = request.query;
      const { trades, total } = await listOwnTrades(app.db, user.id, request.query);
      return { trades, total, page, pageSize: TRADE_PAGE_SIZE };
    },
  );

  // One trade, for the statement's link; another user's id answers like an unknown one.
  app.get(
    '/:id',
    {
      onRequest: requireUserHook,
      schema: {
        params: idParams,
        response: { 200: tradeDetailResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { trade: await getOwnTrade(app.db, user.id, request.params.id) };
    },
  );
};

export default routes;
