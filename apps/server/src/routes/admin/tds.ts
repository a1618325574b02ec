import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tdsQuarterQuerySchema } from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { csvFileSchema } from '../../money/csv.ts';
import { adminTdsCsv, parseQuarter } from '../../money/tds.ts';

/** /api/admin/tds.csv: every user's TDS of a quarter with their PAN, for the quarterly return. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/tds.csv',
    {
      schema: {
        querystring: tdsQuarterQuerySchema,
        response: { 200: csvFileSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const quarter = parseQuarter(request.query.quarter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sikka-tds-all-${quarter.label}.csv"`)
        .send(await adminTdsCsv(app.db, quarter));
    },
  );
};

export default routes;
