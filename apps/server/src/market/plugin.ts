import fp from 'fastify-plugin';
import { MarketFeed } from './feed.ts';
import { SimulatedSource } from './simulated-source.ts';
import { createUpstreamSource } from './upstream-source.ts';
import type { TickerSource } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's market feed: snapshot, candles, USDT/INR rate, `tick` events. */
    market: MarketFeed;
  }
}

/** Creates the feed for MARKET_SOURCE, starts it (unless MARKET_AUTOSTART=false), stops it on close. */
export const marketPlugin = fp(
  async (app) => {
    const config = app.config;
    const source: TickerSource =
      config.MARKET_SOURCE === 'upstream'
        ? createUpstreamSource(config.TICKER_URL, config.TICKER_TIMEOUT_MS)
        : new SimulatedSource({ seed: config.MARKET_SEED, start: app.clock() });
    const feed = new MarketFeed({
      source,
      intervalMs: config.MARKET_POLL_MS,
      clock: app.clock,
      log: app.log.child({ module: 'market' }),
    });
    app.decorate('market', feed);
    app.addHook('onClose', async () => {
      await feed.stop();
    });
    if (config.MARKET_AUTOSTART) feed.start();
  },
  { name: 'sikka-market' },
);
