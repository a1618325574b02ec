import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDepositResponseSchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  rejectDepositRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import type { AuditActor } from '../../audit/audit-log.ts';
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
        response: { 200: adminDepositsResponseSchema, ...errors() },
      },
    },
    async (request) => adminPage(request.query, await listAdminDeposits(app.db, request.query)),
  );

  // Unknown ids are 404; 409 once decided, 422 for a reused key.
  const decided = { 200: adminDepositResponseSchema, ...errors(404, 409, 422) };
  const decide = decisionHandler(
    app.db,
    (db: Db, admin: AuditActor, id: string, key: string | undefined, d: DepositDecision) =>
      decideDepositOnce(db, admin, id, key, d, app.notifyAccount),
  );

  app.post(
    '/deposits/:id/approve',
    { schema: { ...decisionSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'approve' }),
  );

  app.post(
    '/deposits/:id/reject',
    { schema: { ...decisionSchema, body: rejectDepositRequestSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
