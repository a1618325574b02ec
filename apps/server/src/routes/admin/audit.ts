import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  auditQuerySchema,
  auditResponseSchema,
  SIGN_IN_HISTORY_DAYS,
  signInHistoryQuerySchema,
  signInHistoryResponseSchema,
  type AuditEntry,
} from '@sikka/contracts';
import { auditEntries, listAudit } from '../../audit/audit-log.ts';
import { listSignInsOf } from '../../auth/sign-ins.ts';
import { errors } from '../../http/schemas.ts';
import { csvFileSchema, csvLine, csvText } from '../../money/csv.ts';

const CSV_HEADER = [
  'Time (UTC)',
  'Action',
  'Actor',
  'Actor e-mail',
  'From IP',
  'Subject',
  'Subject e-mail',
  'Target type',
  'Target id',
  'Before',
  'After',
];

const csvRow = (e: AuditEntry): string =>
  csvLine([
    e.createdAt,
    e.action,
    csvText(e.actor?.fullName ?? 'system'),
    csvText(e.actor?.email ?? ''),
    e.actorIp ?? '',
    csvText(e.subject?.fullName ?? ''),
    csvText(e.subject?.email ?? ''),
    e.targetType,
    e.targetId,
    csvText(JSON.stringify(e.before)),
    csvText(JSON.stringify(e.after)),
  ]);

/**
 * GET /api/admin/audit (and .csv): every decision and account security event, who did it to
 * whom, when and from where; GET /api/admin/users/:id/sign-ins: one user's sign-in history.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        description:
          'The append-only audit log (decisions and account security events), newest first, filtered.',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errors() },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      const { items, total } = await listAudit(app.db, {
        ...filter,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      });
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );

  app.get(
    '/audit.csv',
    {
      schema: {
        description: 'The audit log entries matching the same filters, all of them, as CSV.',
        querystring: auditQuerySchema.omit({ page: true }),
        response: { 200: csvFileSchema, ...errors() },
      },
    },
    async (request, reply) => {
      let csv = csvLine(CSV_HEADER);
      for await (const batch of auditEntries(app.db, request.query)) {
        for (const entry of batch) csv += csvRow(entry);
      }
      const day = app.clock().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sikka-audit-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/users/:id/sign-ins',
    {
      schema: {
        description: 'One user’s sign-in attempts of the last 90 days, newest first.',
        params: z.object({ id: z.string().max(100) }),
        querystring: signInHistoryQuerySchema,
        response: { 200: signInHistoryResponseSchema, ...errors(404) },
      },
    },
    async (request) =>
      listSignInsOf(
        app.db,
        request.params.id,
        request.query.page,
        app.clock(),
        SIGN_IN_HISTORY_DAYS,
      ),
  );
};

export default routes;
