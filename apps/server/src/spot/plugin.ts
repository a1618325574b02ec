import fp from 'fastify-plugin';
import { SpotBookFeed } from './book-feed.ts';
import { SpotExchange } from './exchange.ts';
import { USER_CHANNEL } from './market-engine.ts';
import { MarketMaker } from './market-maker.ts';
import { cancelOrdersOfFrozenAccounts } from './orders.ts';
import { HOUSEKEEPING_PERIOD_MS } from '../housekeeping.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The spot exchange and its book feed; null unless SPOT_TRADING=on (ADR 018). */
    spot: { exchange: SpotExchange; feed: SpotBookFeed; maker: MarketMaker | null } | null;
  }
}

/**
 * SPOT_TRADING=on: the markets, this instance's engines (those whose lock it wins), the book
 * feed every instance keeps, the realtime hub's book channel and, with the simulated market
 * (or SPOT_MARKET_MAKER=on), the house market maker. Registered after the realtime plugin.
 */
export const spotPlugin = fp(
  async (app) => {
    if (!app.config.SPOT_TRADING) {
      app.decorate('spot', null);
      return;
    }
    const log = app.log.child({ module: 'spot' });
    const exchange = new SpotExchange(app.db, app.config, log, app.clock);
    await exchange.start();
    const feed = new SpotBookFeed(app.db, exchange.markets, log);
    await feed.start();
    const hub = app.realtime;
    hub.attachSpot(feed);
    const unlistenUser = await app.db.listen(USER_CHANNEL, (payload) => hub.onSpotUser(payload));
    const makerOn =
      app.config.SPOT_MARKET_MAKER === 'on' ||
      (app.config.SPOT_MARKET_MAKER === 'auto' && app.config.MARKET_SOURCE === 'simulated');
    const maker = makerOn ? new MarketMaker(app.db, exchange, app.market, log) : null;
    app.decorate('spot', { exchange, feed, maker });
    if (maker) await maker.start();
    // Orders of accounts frozen by an instance that stopped before cancelling them (ADR 035).
    const sweepFrozen = () =>
      cancelOrdersOfFrozenAccounts(app.db, exchange)
        .then((n) => {
          if (n > 0) log.info({ cancelled: n }, 'cancelled the orders of frozen accounts');
        })
        .catch((err: unknown) =>
          log.warn({ err }, 'cancelling the orders of frozen accounts failed'),
        );
    const sweep = setInterval(() => void sweepFrozen(), HOUSEKEEPING_PERIOD_MS);
    sweep.unref();
    await sweepFrozen();
    // preClose: the last batch needs the database, which an onClose hook closes.
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      await maker?.stop();
      await exchange.stop();
      await feed.stop();
      await unlistenUser().catch(() => undefined);
    });
  },
  { name: 'sikka-spot', dependencies: ['sikka-market', 'sikka-realtime'] },
);
