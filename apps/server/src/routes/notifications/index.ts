import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsResponseSchema } from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { listNotices, markNoticesRead } from '../../notifications/notices.ts';

/** /api/notifications: the signed-in user's in-app notices (new sign-ins, …). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUserHook);

  app.get(
    '',
    {
      schema: {
        description: 'The latest 20 notices, newest first, and how many are unread.',
        response: { 200: notificationsResponseSchema, ...errors(401) },
      },
    },
    async (request) => listNotices(app.db, requireUser(request).id),
  );

  app.post(
    '/read',
    {
      schema: {
        description: 'Marks every notice read.',
        response: { 200: notificationsResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await markNoticesRead(app.db, user.id, app.clock());
      return listNotices(app.db, user.id);
    },
  );
};

export default routes;
