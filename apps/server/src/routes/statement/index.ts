import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STATEMENT_PAGE_SIZE,
  statementFilterSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { csvFileSchema } from '../../money/csv.ts';
import { statementCsv, statementPage } from '../../money/statement.ts';
import { istDate } from '../../money/overview.ts';

/** /api/statement: the user's own ledger, page by page, and as a streamed CSV file. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUserHook);

  app.get(
    '',
    {
      schema: {
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, ...filter } = request.query;
      const { entries, hasMore } = await statementPage(app.db, user.id, filter, page);
      return { entries, page, pageSize: STATEMENT_PAGE_SIZE, hasMore };
    },
  );

  // The same filters as a file, written batch by batch as the client reads it (backpressure:
  // the next batch is queried only when the previous one has been taken).
  app.get(
    '.csv',
    {
      schema: {
        querystring: statementFilterSchema,
        response: { 200: csvFileSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const name = `sikka-statement-${istDate(app.clock())}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(statementCsv(app.db, user.id, request.query)));
    },
  );
};

export default routes;
