import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDepositRequestSchema,
  depositResponseSchema,
  depositsQuerySchema,
  depositsResponseSchema,
  idempotencyHeadersSchema,
} from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import { getOwnDeposit, listOwnDeposits, requestDeposit } from '../../money/deposits.ts';

const idParams = z.object({ id: z.string() });

/** /api/deposits: the signed-in user's own INR deposit requests (bank transfer + UTR). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // Signed-out callers get 401 before any validation message.
      onRequest: requireUserHook,
      schema: {
        querystring: depositsQuerySchema,
        response: { 200: depositsResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { deposits: await listOwnDeposits(app.db, user.id, request.query.limit) };
    },
  );

  // One deposit, for the statement's link; another user's id answers like an unknown one.
  app.get(
    '/:id',
    {
      onRequest: requireUserHook,
      schema: {
        params: idParams,
        response: { 200: depositResponseSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { deposit: await getOwnDeposit(app.db, user.id, request.params.id) };
    },
  );

  app.post(
    '',
    {
      onRequest: requireUserHook,
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        headers: idempotencyHeadersSchema,
        body: createDepositRequestSchema,
        response: { 201: depositResponseSchema, ...errors(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await requestDeposit(
        app.db,
        user.id,
        request.headers['idempotency-key'],
        request.body,
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );
};

export default routes;
