import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  candlesQuerySchema,
  candlesResponseSchema,
  messages,
  tickersResponseSchema,
} from '@sikka/contracts';
import { notFound } from '../../domain-error.ts';
import { errors } from '../../http/schemas.ts';

/**
 * /api/market: the feed's snapshot and candles. Public: market data needs no account, and is
 * the same for every caller (`sessionIndependent`: these set their own Cache-Control).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickers',
    {
      config: { sessionIndependent: true },
      schema: { response: { 200: tickersResponseSchema } },
      // The feed serialises its snapshot once per tick (every browser polls this while its
      // socket is down); the feed's own object is trusted, anything else is serialised here.
      serializerCompiler: () => (data) =>
        data === app.market.snapshot() ? app.market.snapshotJson() : JSON.stringify(data),
    },
    async (_request, reply) => {
      // A fresh list every second; caches must not serve an old one.
      reply.header('cache-control', 'no-store');
      return app.market.snapshot();
    },
  );

  app.get(
    '/candles',
    {
      config: { sessionIndependent: true },
      schema: {
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema, ...errors(404) },
      },
    },
    async (request, reply) => {
      const { market, interval, limit } = request.query;
      const candles = app.market.getCandles(market, interval, limit);
      if (!candles) throw notFound(messages.market.unknownMarket(market));
      reply.header('cache-control', 'no-store');
      return { candles };
    },
  );
};

export default routes;
