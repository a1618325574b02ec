import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTradesQuerySchema, adminTradesResponseSchema } from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { listAdminTrades } from '../../money/trades.ts';
import { adminPage } from './route-helpers.ts';

/** /api/admin/trades: every user's quick trades with the owner's name and e-mail. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/trades',
    {
      schema: {
        querystring: adminTradesQuerySchema,
        response: { 200: adminTradesResponseSchema, ...errors() },
      },
    },
    async (request) => adminPage(request.query, await listAdminTrades(app.db, request.query)),
  );
};

export default routes;
