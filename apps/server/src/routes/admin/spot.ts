import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSpotEnginesResponseSchema } from '@sikka/contracts';
import { requireAdminHook } from '../../auth/plugin.ts';
import { errors } from '../../http/schemas.ts';

/** /api/admin/spot/engines: which markets' engines this instance runs, with their book hash. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdminHook);

  app.get(
    '/spot/engines',
    { schema: { response: { 200: adminSpotEnginesResponseSchema, ...errors() } } },
    async () => {
      const exchange = app.spot?.exchange;
      if (!exchange) return { enabled: false, engines: [] };
      await Promise.all(exchange.ownedMarkets.map((m) => exchange.engine(m)?.idle()));
      return {
        enabled: true,
        engines: exchange.ownedMarkets.flatMap((market) => {
          const e = exchange.engine(market);
          return e ? [{ market, epoch: e.epoch, orders: e.size, hash: e.hash() }] : [];
        }),
      };
    },
  );
};

export default routes;
