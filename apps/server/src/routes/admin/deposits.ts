import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDepositResponseSchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  rejectDepositRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import { approveDeposit, listAdminDeposits, rejectDeposit } from '../../money/deposits.ts';
import { adminPage } from './route-helpers.ts';

const idParams = z.object({ id: z.string() });

/**
 * /api/admin/deposits: every user's deposit requests, and the approve/reject decisions that
 * go through approve_deposit / reject_deposit (only from pending; 409 invalid_state after).
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

  app.post(
    '/deposits/:id/approve',
    {
      schema: {
        params: idParams,
        response: { 200: adminDepositResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      return { deposit: await approveDeposit(app.db, request.params.id, admin.id) };
    },
  );

  app.post(
    '/deposits/:id/reject',
    {
      schema: {
        params: idParams,
        body: rejectDepositRequestSchema,
        response: { 200: adminDepositResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      return {
        deposit: await rejectDeposit(app.db, request.params.id, request.body.reason, admin.id),
      };
    },
  );
};

export default routes;
