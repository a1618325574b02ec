import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  kycDecisionRequestSchema,
  kycDecisionResponseSchema,
  kycHistoryResponseSchema,
  messages,
  unfreezeResponseSchema,
} from '@sikka/contracts';
import { unfreezeAccount } from '../../auth/account-freeze.ts';
import { clientInfo, siteOrigin } from '../../http/client.ts';
import { requireUser } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { listKycHistory } from '../../kyc/history.ts';
import { decideKyc } from '../../kyc/review.ts';
import { toUser } from '../../users/user-row.ts';
import { listUsers, toAdminUser } from '../../users/users.ts';
import { adminPage } from './route-helpers.ts';

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
        response: { 200: adminUsersResponseSchema, ...errors() },
      },
    },
    async (request) => adminPage(request.query, await listUsers(app.db, request.query)),
  );

  app.post(
    '/users/:id/kyc',
    {
      schema: {
        description:
          "Approve or reject a KYC submission; only a 'submitted' one can be decided, and only the " +
          'one `submittedAt` names (its kycSubmittedAt, required): a newer submission gets 409 (ADR 039).',
        params: z.object({ id: z.string().max(100) }),
        body: kycDecisionRequestSchema,
        response: { 200: kycDecisionResponseSchema, ...errors(404, 409) },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const { decision, reason, submittedAt } = request.body;
      const row = await decideKyc(app.db, {
        userId: request.params.id,
        decision,
        reason,
        submittedAt,
        admin: { id: admin.id, ip: request.ip },
        now: app.clock(),
        notify: app.notifyAccount,
      });
      return { user: toUser(row) };
    },
  );

  app.get(
    '/users/:id/kyc/history',
    {
      schema: {
        description:
          'The user’s earlier KYC submissions, newest first, kept when a new one replaced them ' +
          '(ADR 041): what was submitted, the decision, its reason and reviewer, and which documents ' +
          'it had (read through GET /api/kyc/documents/:userId/:kind?submission=<id>).',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: kycHistoryResponseSchema, ...errors(404) },
      },
    },
    async (request) => ({ submissions: await listKycHistory(app.db, request.params.id) }),
  );

  app.post(
    '/users/:id/unfreeze',
    {
      schema: {
        description:
          'Unfreezes an account its owner froze (ADR 035): the owner may sign in again; audited and mailed.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: unfreezeResponseSchema, ...errors(404, 409) },
      },
    },
    async (request) => {
      const row = await unfreezeAccount(
        {
          db: app.db,
          mailer: app.mailer,
          now: app.clock(),
          ip: clientInfo(request).ip,
          origin: siteOrigin(app, request),
        },
        request.params.id,
        requireUser(request).id,
      );
      return { message: messages.security.accountUnfrozen, user: toAdminUser(row) };
    },
  );
};

export default routes;
