import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminBankAccountResponseSchema,
  adminBankAccountsQuerySchema,
  adminBankAccountsResponseSchema,
  rejectBankAccountRequestSchema,
} from '@sikka/contracts';
import { requireAdminHook, requireUser } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import { decideBankAccount, listAdminBankAccounts } from '../../money/bank-accounts.ts';

const idParams = z.object({ id: z.string() });

/**
 * /api/admin/bank-accounts: the accounts users added (and the KYC ones), and the admin's
 * verify/reject of a pending one (decide_bank_account; 409 invalid_state once decided).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  // As in deposits.ts: checked on request too, so validation messages never reach non-admins.
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/bank-accounts',
    {
      schema: {
        querystring: adminBankAccountsQuerySchema,
        response: { 200: adminBankAccountsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, status, search } = request.query;
      const { items, total } = await listAdminBankAccounts(app.db, { page, status, search });
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );

  app.post(
    '/bank-accounts/:id/verify',
    {
      schema: {
        params: idParams,
        response: { 200: adminBankAccountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      return {
        bankAccount: await decideBankAccount(app.db, {
          accountId: request.params.id,
          verify: true,
          adminId: admin.id,
        }),
      };
    },
  );

  app.post(
    '/bank-accounts/:id/reject',
    {
      schema: {
        params: idParams,
        body: rejectBankAccountRequestSchema,
        response: { 200: adminBankAccountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      return {
        bankAccount: await decideBankAccount(app.db, {
          accountId: request.params.id,
          verify: false,
          reason: request.body.reason,
          adminId: admin.id,
        }),
      };
    },
  );
};

export default routes;
