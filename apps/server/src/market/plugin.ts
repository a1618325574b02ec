import fp from 'fastify-plugin';
import { MarketFeed } from './feed.ts';
import { SharedMarketFeed } from './shared-feed.ts';
import { SimulatedSource } from './simulated-source.ts';
import { createUpstreamSource } from './upstream-source.ts';
import type { TickerSource } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's market feed: snapshot, candles, USDT/INR rate, `tick` events. */
    market: MarketFeed;
    /** Set when several instances share one upstream poller (upstream source on PostgreSQL). */
    sharedMarket: SharedMarketFeed | null;
  }
}

/**
 * Creates the feed for MARKET_SOURCE, starts it (unless MARKET_AUTOSTART=false), stops it on
 * close. The upstream source on PostgreSQL polls from one elected instance for all
 * (SharedMarketFeed); the simulated market and the embedded PGlite (one process) poll here.
 */
export const marketPlugin = fp(
  async (app) => {
    const config = app.config;
    const upstream = config.MARKET_SOURCE === 'upstream';
    const source: TickerSource = upstream
      ? createUpstreamSource(config.TICKER_URL, config.TICKER_TIMEOUT_MS)
      : new SimulatedSource({ seed: config.MARKET_SEED, start: app.clock() });
    let shared: SharedMarketFeed | null = null;
    const feed = new MarketFeed({
      source,
      intervalMs: config.MARKET_POLL_MS,
      clock: app.clock,
      log: app.log.child({ module: 'market' }),
      onPolled: (outcome, at) => shared?.publish(outcome, at),
    });
    if (upstream && app.db.kind === 'postgres') {
      shared = new SharedMarketFeed(
        app.db,
        feed,
        app.log.child({ module: 'market' }),
        config.MARKET_POLLER_CHECK_MS,
      );
    }
    app.decorate('market', feed);
    app.decorate('sharedMarket', shared);
    // preClose: the shared feed's last steps need the database, which an onClose hook closes.
    app.addHook('preClose', async () => {
      await shared?.stop();
      await feed.stop();
    });
    if (config.MARKET_AUTOSTART) {
      if (shared) await shared.start();
      else feed.start();
    }
  },
  { name: 'sikka-market' },
);
