import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBankAccountResponseSchema,
  adminBankAccountsQuerySchema,
  adminBankAccountsResponseSchema,
  rejectBankAccountRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import {
  decideBankAccount,
  getAdminBankAccount,
  listAdminBankAccounts,
} from '../../money/bank-accounts.ts';
import { adminPage, decisionHandler, decisionSchema, idParams } from './route-helpers.ts';

/**
 * /api/admin/bank-accounts: the accounts users added (and the KYC ones), numbers masked; one
 * account with its full number (the view audited); the admin's verify/reject of a pending one
 * (decide_bank_account; 409 invalid_state once decided). An Idempotency-Key replays a retried
 * decision, as for withdrawals.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // As in deposits.ts: checked on request too, so validation messages never reach non-admins.
  app.addHook('onRequest', requireAdminHook);
  const answers = { 200: adminBankAccountResponseSchema, ...errorResponses };
  const decide = decisionHandler(app.db, decideBankAccount);

  app.get(
    '/bank-accounts',
    {
      schema: {
        querystring: adminBankAccountsQuerySchema,
        response: { 200: adminBankAccountsResponseSchema, ...errorResponses },
      },
    },
    async (request) => adminPage(request.query, await listAdminBankAccounts(app.db, request.query)),
  );

  app.get(
    '/bank-accounts/:id',
    { schema: { params: idParams, response: answers } },
    async (request) => {
      const admin = requireUser(request);
      const { id } = request.params;
      return { bankAccount: await getAdminBankAccount(app.db, app.vault, admin.id, id) };
    },
  );

  app.post(
    '/bank-accounts/:id/verify',
    { schema: { ...decisionSchema, response: answers } },
    (request, reply) => decide(request, reply, { kind: 'verify' }),
  );

  app.post(
    '/bank-accounts/:id/reject',
    { schema: { ...decisionSchema, body: rejectBankAccountRequestSchema, response: answers } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
