import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authUserResponseSchema,
  meResponseSchema,
  messages,
  overviewResponseSchema,
  updateMeRequestSchema,
} from '@sikka/contracts';
import { requireUser } from '../../auth/plugin.ts';
import { getBalances } from '../../money/balances.ts';
import { appRateFeed, overview } from '../../money/overview.ts';
import { toUser } from '../../users/user-row.ts';
import { updateProfile } from '../../users/users.ts';
import { errors } from '../../http/schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    { schema: { response: { 200: meResponseSchema, ...errors(401) } } },
    async (request) => {
      const user = requireUser(request);
      return { user: toUser(user), balances: await getBalances(app.db, user.id) };
    },
  );

  // Total balance and Today's PnL (docs/money.md), at the server's clock and rate.
  app.get(
    '/overview',
    { schema: { response: { 200: overviewResponseSchema, ...errors(401) } } },
    async (request) => {
      const user = requireUser(request);
      return overview(app.db, user.id, appRateFeed(app), app.clock());
    },
  );

  app.patch(
    '',
    {
      schema: {
        body: updateMeRequestSchema,
        response: { 200: authUserResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request, messages.profile.notAuthenticated);
      const { fullName, phone } = request.body;
      return { user: toUser(await updateProfile(app.db, user.id, { fullName, phone })) };
    },
  );
};

export default routes;
