import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountResponseSchema,
  bankAccountsResponseSchema,
  createBankAccountRequestSchema,
} from '@sikka/contracts';
import { requireSecondFactor } from '../../auth/step-up.ts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { moneyRateLimit } from '../../http/rate-limits.ts';
import { errors } from '../../http/schemas.ts';
import { addBankAccount, listOwnBankAccounts } from '../../money/bank-accounts.ts';

/**
 * /api/me/bank-accounts: the accounts the signed-in user may withdraw to (their KYC account,
 * verified with the KYC, and the ones they added, verified by the admin). Registered by
 * app.ts under that prefix.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.get(
    '',
    { schema: { response: { 200: bankAccountsResponseSchema, ...errors(401) } } },
    async (request) => {
      const user = requireUser(request);
      return { bankAccounts: await listOwnBankAccounts(app.db, user.id) };
    },
  );

  app.post(
    '',
    {
      // A new place money may go to: the second factor again when it is on.
      preHandler: requireSecondFactor(app),
      // An account is where money may go: adding them is as rate-limited as moving money.
      config: { rateLimit: moneyRateLimit(app.config) },
      schema: {
        body: createBankAccountRequestSchema,
        response: { 201: bankAccountResponseSchema, ...errors(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const bankAccount = await addBankAccount(app.db, app.vault, user.id, request.body);
      return reply.code(201).send({ bankAccount });
    },
  );
};

export default routes;
