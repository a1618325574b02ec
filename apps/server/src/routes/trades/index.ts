import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  messages,
  quickPrices,
  quickTradeRequestSchema,
  quickTradeResponseSchema,
  TRADE_PAGE_SIZE,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@sikka/contracts';
import type { FastifyRequest } from 'fastify';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { AppError } from '../../http/errors.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errorResponses } from '../../http/schemas.ts';
import { requestHash } from '../../money/idempotency.ts';
import { isPriceWorse, usdtInrRate } from '../../money/rate.ts';
import { listOwnTrades, runQuickTrade } from '../../money/trades.ts';

/** Signed-out traders get the quick-buy page's own message (PRODUCT.md §5), before validation. */
async function requireTrader(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError(401, 'unauthorized', messages.quickBuy.loginRequired);
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
        response: { 201: quickTradeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The user comes from the session and the price from the server's feed; the body
      // names only the side, the quantity and the rate the user saw (a guard).
      const user = requireUser(request);
      const { side, usdtAmount, quotedRate } = request.body;
      const prices = quickPrices(usdtInrRate(app));
      const price = side === 'buy' ? prices.buy : prices.sell;
      // The refusal is decided here from the server's price but raised by the database,
      // and only for a new key: a replay answers with what the first request got.
      const refusal = isPriceWorse(side, price, quotedRate)
        ? new AppError(409, 'price_changed', messages.quickBuy.priceChanged)
        : undefined;
      // KYC, the total's bounds and the balances are checked by quick_trade, under the lock.
      const answer = await runQuickTrade(app.db, {
        userId: user.id,
        key: request.headers['idempotency-key'],
        requestHash: requestHash('quick-trade', request.body),
        side,
        usdtAmount,
        price,
        refusal,
        minTotal: app.config.TRADE_MIN_TOTAL_INR,
        maxTotal: app.config.TRADE_MAX_TOTAL_INR,
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.get(
    '',
    {
      onRequest: requireUserHook,
      schema: {
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page } = request.query;
      const { trades, total } = await listOwnTrades(app.db, user.id, request.query);
      return { trades, total, page, pageSize: TRADE_PAGE_SIZE };
    },
  );
};

export default routes;
