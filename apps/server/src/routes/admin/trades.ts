import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  adminTradesQuerySchema,
  adminTradesResponseSchema,
} from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errorResponses } from '../../http/schemas.ts';
import { listAdminTrades } from '../../money/trades.ts';

/** /api/admin/trades: every user's quick trades with the owner's name and e-mail. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/trades',
    {
      schema: {
        querystring: adminTradesQuerySchema,
        response: { 200: adminTradesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, status, type, search } = request.query;
      const { items, total } = await listAdminTrades(app.db, { page, status, type, search });
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );
};

export default routes;
