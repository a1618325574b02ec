import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBankAccountResponseSchema,
  adminBankAccountsQuerySchema,
  adminBankAccountsResponseSchema,
  rejectBankAccountRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
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
  // A record: unknown ids are 404; a decision also 409 once decided, 422 for a reused key.
  const found = { 200: adminBankAccountResponseSchema, ...errors(404) };
  const decided = { 200: adminBankAccountResponseSchema, ...errors(404, 409, 422) };
  const decide = decisionHandler(app.db, decideBankAccount);

  app.get(
    '/bank-accounts',
    {
      schema: {
        querystring: adminBankAccountsQuerySchema,
        response: { 200: adminBankAccountsResponseSchema, ...errors() },
      },
    },
    async (request) => adminPage(request.query, await listAdminBankAccounts(app.db, request.query)),
  );

  app.get(
    '/bank-accounts/:id',
    { schema: { params: idParams, response: found } },
    async (request) => {
      const admin = requireUser(request);
      const { id } = request.params;
      return { bankAccount: await getAdminBankAccount(app.db, app.vault, admin.id, id) };
    },
  );

  app.post(
    '/bank-accounts/:id/verify',
    { schema: { ...decisionSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'verify' }),
  );

  app.post(
    '/bank-accounts/:id/reject',
    { schema: { ...decisionSchema, body: rejectBankAccountRequestSchema, response: decided } },
    (request, reply) => decide(request, reply, { kind: 'reject', reason: request.body.reason }),
  );
};

export default routes;
