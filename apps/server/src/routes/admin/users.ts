import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  kycDecisionRequestSchema,
  kycDecisionResponseSchema,
  messages,
} from '@sikka/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireUser } from '../../auth/plugin.ts';
import { setAuditActor } from '../../audit/audit-log.ts';
import { errorResponses } from '../../http/schemas.ts';
import { toUser, type UserRow } from '../../users/user-row.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` in the search text are literal characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Admin user list and KYC review, under the /api/admin guard (admin role checked on the
 * server for every request before these handlers run).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        description:
          'All users, newest first; search on name or e-mail (case-insensitive), status = KYC status.',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { search, status, page } = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      if (search) {
        params.push(`%${likeEscape(search)}%`);
        where.push(`(full_name ILIKE $${params.length} OR email ILIKE $${params.length})`);
      }
      if (status) {
        params.push(status);
        where.push(`kyc_status = $${params.length}`);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const count = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users ${filter}`,
        params,
      );
      const rows = await app.db.query<UserRow>(
        `SELECT * FROM users ${filter}
          ORDER BY created_at DESC, id DESC
          LIMIT ${ADMIN_PAGE_SIZE} OFFSET $${params.length + 1}`,
        [...params, (page - 1) * ADMIN_PAGE_SIZE],
      );
      return {
        items: rows.map((row) => ({ ...toUser(row), balance: row.balance })),
        total: count[0]?.n ?? 0,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/users/:id/kyc',
    {
      schema: {
        description: "Approve or reject a KYC submission; only a 'submitted' one can be decided.",
        params: z.object({ id: z.string().max(100) }),
        body: kycDecisionRequestSchema,
        response: { 200: kycDecisionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!UUID_RE.test(id)) throw notFound();
      const { decision, reason } = request.body;
      const now = app.clock();
      const admin = requireUser(request);
      const row = await app.db.transaction(async (tx) => {
        await setAuditActor(tx, admin.id);
        const current = await tx.query<Pick<UserRow, 'kyc_status'>>(
          'SELECT kyc_status FROM users WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!current[0]) throw notFound();
        if (current[0].kyc_status !== 'submitted')
          throw new AppError(409, 'invalid_state', messages.kyc.notReviewable);
        const updated =
          decision === 'approve'
            ? await tx.query<UserRow>(
                `UPDATE users SET kyc_status = 'verified', kyc_verified_at = $2, kyc_rejected_reason = NULL, updated_at = now()
                  WHERE id = $1 RETURNING *`,
                [id, now],
              )
            : await tx.query<UserRow>(
                `UPDATE users SET kyc_status = 'rejected', kyc_verified_at = NULL, kyc_rejected_reason = $2, updated_at = now()
                  WHERE id = $1 RETURNING *`,
                [id, reason],
              );
        return updated[0]!;
      });
      return { user: toUser(row) };
    },
  );
};

export default routes;
