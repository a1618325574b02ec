import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PAGE_SIZE, auditQuerySchema, auditResponseSchema } from '@sikka/contracts';
import { listAudit } from '../../audit/audit-log.ts';
import { errorResponses } from '../../http/schemas.ts';

/** GET /api/admin/audit: every KYC and deposit decision, who made it, and before → after. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        description: 'The append-only audit log of KYC and deposit decisions, newest first.',
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, search } = request.query;
      const { items, total } = await listAudit(app.db, { page, search, pageSize: ADMIN_PAGE_SIZE });
      return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );
};

export default routes;
