import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { Queryable } from '../db/index.ts';

/** How often a store deletes expired counters (one DELETE by index, any instance may run it). */
export const RATE_LIMIT_CLEANUP_MS = 60_000;

/**
 * One upsert per counted request: a new key or an expired window starts at 1 with a fresh
 * window; otherwise the count goes up and the window keeps its end. The row lock of the upsert
 * makes parallel requests on several instances count one by one.
 */
/**
 * The start of every counter key of one route's limit: the plugin's key (what the route's
 * keyGenerator makes) follows it. Routes that count in their own SQL use the same keys.
 */
export function routeCounterPrefix(method: string, url: string): string {
  return `rl:${method}${url}-`;
}

const INCR_SQL = `
  INSERT INTO rate_limit_hits AS h (key, hits, expires_at)
  VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.expires_at <= clock_timestamp() THEN 1 ELSE h.hits + 1 END,
    expires_at = CASE WHEN h.expires_at <= clock_timestamp() THEN EXCLUDED.expires_at
                      ELSE h.expires_at END
  RETURNING hits,
    GREATEST(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl`;

const READ_SQL = `
  SELECT hits, GREATEST(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl
  FROM rate_limit_hits WHERE key = $1 AND expires_at > clock_timestamp()`;

interface RouteKey {
  method: string | string[];
  url: string;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A `store` for @fastify/rate-limit that keeps the counters in PostgreSQL (table
 * rate_limit_hits), so a limit counts the requests of every instance on the database, not of
 * each one apart (docs/scaling.md). Each route's limit gets its own key prefix, as the plugin's
 * Redis store does. Fixed windows: the first hit opens a window of `timeWindow`, the
 * `(max + 1)`-th hit within it is refused. (`continueExceeding` and `exponentialBackoff` are not
 * supported: no route uses them.)
 *
 * The returned `stop` ends the cleanup timer (call it when the app closes).
 */
export function pgRateLimitStore(db: Queryable): {
  store: FastifyRateLimitStoreCtor;
  stop: () => void;
} {
  class PgStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions | RateLimitPluginOptions,
      /** The route's (routeCounterPrefix); the plugin's global limit counts under 'rl:'. */
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      db.query<{ hits: number; ttl: number }>(INCR_SQL, [this.prefix + key, timeWindow]).then(
        ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl }),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: Callback): void {
      db.query<{ hits: number; ttl: number }>(READ_SQL, [this.prefix + key]).then(
        ([row]) => callback(null, { current: row?.hits ?? 0, ttl: row?.ttl ?? 0 }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes the route's merged limit options with the route itself
      // under `routeInfo` (its Redis store reads it there); the typings name the route only.
      const route = (routeOptions as { routeInfo?: RouteKey }).routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new PgStore({}, routeCounterPrefix(method, route.url));
    }
  }

  const timer = setInterval(() => {
    db.query('DELETE FROM rate_limit_hits WHERE expires_at <= clock_timestamp()').catch(
      () => undefined,
    );
  }, RATE_LIMIT_CLEANUP_MS);
  timer.unref();
  return { store: PgStore, stop: () => clearInterval(timer) };
}
