import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { watchlistRequestSchema, watchlistResponseSchema } from '@sikka/contracts';
import { requireUser, requireUserHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';
import { getWatchlist, replaceWatchlist } from '../../users/watchlist.ts';

/**
 * /api/me/watchlist: the signed-in user's own watchlist, so it follows them to another device.
 * Only ever the caller's: the user comes from the session, never from the request.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUserHook);

  app.get(
    '',
    {
      schema: {
        description: "The caller's watchlist (INR market codes), in the order they were added.",
        response: { 200: watchlistResponseSchema, ...errors(401) },
      },
    },
    async (request) => ({ ids: await getWatchlist(app.db, requireUser(request).id) }),
  );

  app.put(
    '',
    {
      schema: {
        description:
          'Replaces the caller\'s watchlist: at most 200 INR market codes like "BTCINR"; repeats are dropped.',
        body: watchlistRequestSchema,
        response: { 200: watchlistResponseSchema, ...errors(401) },
      },
    },
    async (request) => ({
      ids: await replaceWatchlist(app.db, requireUser(request).id, request.body.ids),
    }),
  );
};

export default routes;
