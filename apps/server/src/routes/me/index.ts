import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.ts';
import {
  authUserResponseSchema,
  meResponseSchema,
  messages,
  updateMeRequestSchema,
} from '@sikka/contracts';
import { requireUser } from '../../auth/plugin.ts';
import { getBalances } from '../../money/balances.ts';
import { toUser, type UserRow } from '../../users/user-row.ts';
import { errorResponses } from '../../http/schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    { schema: { response: { 200: meResponseSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      return { user: toUser(user), balances: await getBalances(app.db, user.id) };
    },
  );

  app.patch(
    '',
    {
      schema: {
        body: updateMeRequestSchema,
        response: { 200: authUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError(401, 'unauthorized', messages.profile.notAuthenticated);
      const { fullName, phone } = request.body;
      const rows = await app.db.query<UserRow>(
        `UPDATE users SET full_name = coalesce($2, full_name), phone = coalesce($3, phone), updated_at = now()
          WHERE id = $1 RETURNING *`,
        [request.user.id, fullName ?? null, phone ?? null],
      );
      return { user: toUser(rows[0]!) };
    },
  );
};

export default routes;
