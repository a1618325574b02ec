import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  compareDecimal,
  idempotencyHeadersSchema,
  messages,
  quickTradeRequestSchema,
  quickTradeResponseSchema,
  TRADE_PAGE_SIZE,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@sikka/contracts';
import type { FastifyRequest } from 'fastify';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { AppError, validationError } from '../../http/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import { getBalances } from '../../money/balances.ts';
import { requestHash, runIdempotent } from '../../money/idempotency.ts';
import { isPriceWorse, quickPrices, tradeTotal, usdtInrRate } from '../../money/rate.ts';
import { executeQuickTrade, listOwnTrades } from '../../money/trades.ts';

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
      const answer = await runIdempotent(
        app.db,
        user.id,
        request.headers['idempotency-key'],
        requestHash('quick-trade', request.body),
        async (tx) => {
          if (isPriceWorse(side, price, quotedRate)) {
            throw new AppError(409, 'price_changed', messages.quickBuy.priceChanged);
          }
          if (compareDecimal(tradeTotal(usdtAmount, price), '0') <= 0) {
            throw validationError({ usdtAmount: messages.trades.tooSmall });
          }
          const trade = await executeQuickTrade(tx, user.id, side, usdtAmount, price);
          const balances = await getBalances(tx, user.id);
          return { status: 201, body: { trade, balances } };
        },
      );
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
