import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDepositResponseSchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  rejectDepositRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { Db } from '../../db/index.ts';
import {
  decideDepositOnce,
  listAdminDeposits,
  type DepositDecision,
} from '../../money/deposits.ts';
import { adminPage, decisionHandler, decisionSchema } from './route-helpers.ts';

/**
 * /api/admin/deposits: every user's deposit requests, and the approve/reject decisions that
 * go through approve_deposit / reject_deposit (only from pending; 409 invalid_state after). An
 * Idempotency-Key replays a retried decision.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // The folder guard runs as a preHandler; checking on request as well keeps validation
  // messages from reaching non-admins.
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/deposits',
    {
      schema: {
        querystring: adminDepositsQuerySchema,
        response: { 200: adminDepositsResponseSchema, ...errorResponses },
      },
    },
    async (request) => adminPage(request.query, await listAdminDeposits(app.db, request.query)),
  );

  const answers = { 200: adminDepositResponseSchema, ...errorResponses };
  const decide = decisionHandler(
    app.db,
    (db: Db, adminId: string, id: string, key: string | undefined, d: DepositDecision) =>
      decideDepositOnce(db, adminId, id, key, d, app.notifyAccount),
  );

  app.post(
    '/deposits/:id/approve',
    { schema: { ...decisionSchema, response: answers } },
    (request, reply) => decide(request, reply, { kind: 'approve' }),
  );

  app.post(
    '/deposits/:id/reject',
    { schema: { ...decisionSchema, body: rejectDepositRequestSchema, response: answers } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
