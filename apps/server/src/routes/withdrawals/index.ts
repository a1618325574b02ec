import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWithdrawalRequestSchema,
  idempotencyHeadersSchema,
  withdrawalDetailResponseSchema,
  withdrawalLimitsResponseSchema,
  withdrawalResponseSchema,
  withdrawalsQuerySchema,
  withdrawalsResponseSchema,
} from '@sikka/contracts';
import { requireSecondFactor, requireWithdrawalsOpen } from '../../auth/step-up.ts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import {
  cancelWithdrawal,
  getOwnWithdrawal,
  listOwnWithdrawals,
  requestWithdrawal,
  withdrawalLimits,
  type WithdrawalLimits,
} from '../../money/withdrawals.ts';

const idParams = z.object({ id: z.string() });

const limitsOf = (config: Config): WithdrawalLimits => ({
  min: config.WITHDRAW_MIN_INR,
  max: config.WITHDRAW_MAX_INR,
  daily: config.WITHDRAW_DAILY_LIMIT_INR,
});

/** /api/withdrawals: the signed-in user's own INR withdrawal requests (ADR 012). */
const routes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any validation message.
  app.addHook('onRequest', requireUserHook);

  app.get(
    '',
    {
      schema: {
        querystring: withdrawalsQuerySchema,
        response: { 200: withdrawalsResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { withdrawals: await listOwnWithdrawals(app.db, user.id, request.query.limit) };
    },
  );

  app.get(
    '/limits',
    { schema: { response: { 200: withdrawalLimitsResponseSchema, ...errors(401) } } },
    async (request) => {
      const user = requireUser(request);
      return withdrawalLimits(app.db, user.id, limitsOf(app.config));
    },
  );

  // One withdrawal, for the statement's link; another user's id answers like an unknown one.
  app.get(
    '/:id',
    {
      schema: {
        params: idParams,
        response: { 200: withdrawalDetailResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { withdrawal: await getOwnWithdrawal(app.db, user.id, request.params.id) };
    },
  );

  app.post(
    '',
    {
      config: { rateLimit: moneyRateLimit(app.config) },
      // Money leaves the account here: a verified e-mail, and the second factor again when on.
      preHandler: [requireWithdrawalsOpen(app), requireSecondFactor(app)],
      schema: {
        headers: idempotencyHeadersSchema,
        body: createWithdrawalRequestSchema,
        response: { 201: withdrawalResponseSchema, ...errors(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await requestWithdrawal(
        app.db,
        user.id,
        request.headers['idempotency-key'],
        request.body,
        limitsOf(app.config),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        params: idParams,
        headers: idempotencyHeadersSchema,
        response: { 200: withdrawalResponseSchema, ...errors(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await cancelWithdrawal(
        app.db,
        user.id,
        request.params.id,
        request.headers['idempotency-key'],
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(answer.body);
    },
  );
};

export default routes;
