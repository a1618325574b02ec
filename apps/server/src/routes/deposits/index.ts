import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDepositRequestSchema,
  depositResponseSchema,
  depositsQuerySchema,
  depositsResponseSchema,
  idempotencyHeadersSchema,
} from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errorResponses } from '../../http/schemas.ts';
import { createDeposit, listOwnDeposits } from '../../money/deposits.ts';
import { requestHash, runIdempotent } from '../../money/idempotency.ts';
import { toDeposit } from '../../money/rows.ts';

/** /api/deposits: the signed-in user's own INR deposit requests (bank transfer + UTR). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      // Signed-out callers get 401 before any validation message.
      onRequest: requireUserHook,
      schema: {
        querystring: depositsQuerySchema,
        response: { 200: depositsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await listOwnDeposits(app.db, user.id, request.query.limit);
      return { deposits: rows.map(toDeposit) };
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
        response: { 201: depositResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { amount, utrNumber } = request.body;
      const answer = await runIdempotent(
        app.db,
        user.id,
        request.headers['idempotency-key'],
        requestHash('create-deposit', request.body),
        async (tx) => {
          const deposit = toDeposit(await createDeposit(tx, user.id, amount, utrNumber));
          return { status: 201, body: { deposit } };
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(answer.body);
    },
  );
};

export default routes;
