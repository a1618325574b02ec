import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tdsQuarterQuerySchema } from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { csvFileSchema } from '../../money/csv.ts';
import { parseQuarter, userTdsCsv } from '../../money/tds.ts';

/** /api/tds: the user's own quarterly TDS statement (section 194S) as CSV. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.get(
    '/statement.csv',
    {
      schema: {
        querystring: tdsQuarterQuerySchema,
        response: { 200: csvFileSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const quarter = parseQuarter(request.query.quarter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sikka-tds-${quarter.label}.csv"`)
        .send(await userTdsCsv(app.db, user.id, quarter));
    },
  );
};

export default routes;
