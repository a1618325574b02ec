import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idempotencyHeadersSchema,
  messages,
  quickTradeRequestSchema,
  quickTradeResponseSchema,
  quoteSettingsResponseSchema,
  SESSION_COOKIE,
  TRADE_PAGE_SIZE,
  tradeDetailResponseSchema,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@sikka/contracts';
import type { FastifyRequest } from 'fastify';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { LAST_SEEN_RESOLUTION_MS } from '../../auth/sessions.ts';
import { hashToken } from '../../auth/tokens.ts';
import { unauthorized } from '../../domain-error.ts';
import {
  MONEY_LIMIT_WINDOW_MS,
  moneyLimitAnswer,
  moneyLimitKeyPrefix,
} from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import {
  quickTradeForSession,
  quickTradeGate,
  type GateInput,
} from '../../money/quick-trade-session.ts';
import { usdtInrRate } from '../../money/rate.ts';
import { getOwnTrade, listOwnTrades } from '../../money/trades.ts';

const idParams = z.object({ id: z.string() });

/**
 * Signed-out traders get the quick-buy page's own message (PRODUCT.md §5), before validation:
 * here without a cookie; with one, from the trade's own statement (its session is resolved
 * there, ADR 026).
 */
async function requireTraderCookie(request: FastifyRequest): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) throw unauthorized(messages.quickBuy.loginRequired);
}

/** /api/trades: instant USDT buy/sell at the server's rate, and the user's own history. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const limitPrefix = moneyLimitKeyPrefix('POST', `${app.prefix}/quick`);
  const limitMax = app.config.RATE_LIMIT_MONEY_PER_MIN;
  const gateOf = (request: FastifyRequest): GateInput => ({
    tokenHash: hashToken(request.cookies[SESSION_COOKIE]!),
    now: app.clock(),
    touchMs: LAST_SEEN_RESOLUTION_MS,
    limitPrefix,
    limitMax,
    limitWindowMs: MONEY_LIMIT_WINDOW_MS,
  });

  // One round trip (ADR 026): the session, the user's budget (moneyRateLimit's counter) and
  // the trade in one statement, instead of the auth hook's lookup, the plugin's count and the
  // trade. The answers and their order are the same: 401, 429, validation, then the trade's.
  app.post(
    '/quick',
    {
      onRequest: requireTraderCookie,
      config: { sessionInEngine: true },
      attachValidation: true,
      schema: {
        headers: idempotencyHeadersSchema,
        body: quickTradeRequestSchema,
        response: { 201: quickTradeResponseSchema, ...errors(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const gate = gateOf(request);
      if (request.validationError) {
        // Refused before the trade: still 401 for a dead session and counted against the budget.
        const decided = await quickTradeGate(app.db, gate);
        if (!decided.userId) throw unauthorized(messages.quickBuy.loginRequired);
        throw (
          moneyLimitAnswer(reply, limitMax, decided.hits, decided.ttlMs) ?? request.validationError
        );
      }
      // The user comes from the session and the rate from the server's feed; the body names
      // only the side, the quantity and the rate the user saw (a guard, judged by quickTrade).
      const result = await quickTradeForSession(app.db, gate, {
        key: request.headers['idempotency-key'],
        request: request.body,
        rate: usdtInrRate(app),
        minTotal: app.config.TRADE_MIN_TOTAL_INR,
        maxTotal: app.config.TRADE_MAX_TOTAL_INR,
        tdsRate: app.config.TDS_RATE,
      });
      if (result.kind === 'signed-out') throw unauthorized(messages.quickBuy.loginRequired);
      const limited = moneyLimitAnswer(reply, limitMax, result.gate.hits, result.gate.ttlMs);
      if (result.kind === 'limited') throw limited;
      const { answer } = result;
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
