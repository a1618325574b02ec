import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalResponseSchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  approveWithdrawalRequestSchema,
  rejectWithdrawalRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import type { AuditActor } from '../../audit/audit-log.ts';
import type { Db } from '../../db/index.ts';
import {
  decideWithdrawal,
  getAdminWithdrawal,
  listAdminWithdrawals,
  type WithdrawalDecision,
} from '../../money/withdrawals.ts';
import { adminPage, decisionHandler, decisionSchema, idParams } from './route-helpers.ts';

/**
 * /api/admin/withdrawals: every user's withdrawal requests (account numbers masked), one
 * request with its account's full number for the payout (the view audited), and the decisions
 * that go through approve_withdrawal (paid, with the payout's UTR) / reject_withdrawal (the
 * hold goes back); only from pending, 409 invalid_state after. An Idempotency-Key replays a
 * retried decision.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // As in deposits.ts: checked on request too, so validation messages never reach non-admins.
  app.addHook('onRequest', requireAdminHook);
  // A record: unknown ids are 404; a decision also 409 once decided, 422 for a reused key.
  const found = { 200: adminWithdrawalResponseSchema, ...errors(404) };
  const decided = { 200: adminWithdrawalResponseSchema, ...errors(404, 409, 422) };
  const decide = decisionHandler(
    app.db,
    (db: Db, admin: AuditActor, id: string, key: string | undefined, d: WithdrawalDecision) =>
      decideWithdrawal(db, admin, id, key, d, app.notifyAccount),
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalsResponseSchema, ...errors() },
      },
    },
    async (request) => adminPage(request.query, await listAdminWithdrawals(app.db, request.query)),
  );

  app.get(
    '/withdrawals/:id',
    { schema: { params: idParams, response: found } },
    async (request) => {
      const admin = requireUser(request);
      const { id } = request.params;
      return { withdrawal: await getAdminWithdrawal(app.db, app.vault, admin.id, id) };
    },
  );

  app.post(
    '/withdrawals/:id/approve',
    { schema: { ...decisionSchema, body: approveWithdrawalRequestSchema, response: decided } },
    (request, reply) =>
      decide(request, reply, { kind: 'approve', utrNumber: request.body.utrNumber }),
  );

  app.post(
    '/withdrawals/:id/reject',
    { schema: { ...decisionSchema, body: rejectWithdrawalRequestSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
