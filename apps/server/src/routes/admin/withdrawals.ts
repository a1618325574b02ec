import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminWithdrawalResponseSchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  approveWithdrawalRequestSchema,
  idempotencyHeadersSchema,
  rejectWithdrawalRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import { decideWithdrawal, listAdminWithdrawals } from '../../money/withdrawals.ts';

const idParams = z.object({ id: z.string() });

/**
 * /api/admin/withdrawals: every user's withdrawal requests, and the decisions that go through
 * approve_withdrawal (paid, with the payout's UTR) / reject_withdrawal (the hold goes back);
 * only from pending, 409 invalid_state after. An Idempotency-Key replays a retried decision.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // As in deposits.ts: checked on request too, so validation messages never reach non-admins.
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/withdrawals',
    {
      schema: {
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, status, search } = request.query;
      const { items, total } = await listAdminWithdrawals(app.db, { page, status, search });
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );

  app.post(
    '/withdrawals/:id/approve',
    {
      schema: {
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: approveWithdrawalRequestSchema,
        response: { 200: adminWithdrawalResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const answer = await decideWithdrawal(
        app.db,
        admin.id,
        request.params.id,
        request.headers['idempotency-key'],
        { kind: 'approve', utrNumber: request.body.utrNumber },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  app.post(
    '/withdrawals/:id/reject',
    {
      schema: {
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: rejectWithdrawalRequestSchema,
        response: { 200: adminWithdrawalResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const answer = await decideWithdrawal(
        app.db,
        admin.id,
        request.params.id,
        request.headers['idempotency-key'],
        { kind: 'reject', reason: request.body.reason },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );
};

export default routes;
