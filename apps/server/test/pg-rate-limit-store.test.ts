import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import type { Db } from '../src/db/index.ts';
import { pgRateLimitStore } from '../src/http/pg-rate-limit-store.ts';
import { openTestDb, pgUrl, postgresSkipReason } from '../../../test/support/databases.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

type Hit = { current: number; ttl: number };
const incr = (store: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
  new Promise<Hit>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, 5),
  );
const route = (method: string, url: string) =>
  ({ routeInfo: { method, url } }) as unknown as Parameters<FastifyRateLimitStore['child']>[0];

/** The rate-limit counters in PostgreSQL (http/pg-rate-limit-store.ts), one table for all instances. */
describe.skipIf(!pgUrl())('rate-limit store on PostgreSQL', () => {
  let db: Db;
  let other: Db;
  const stops: Array<() => void> = [];
  const storeOn = (d: Db) => {
    const s = pgRateLimitStore(d);
    stops.push(s.stop);
    return new s.store({});
  };

  beforeAll(async () => {
    db = await openTestDb('postgres');
    await migrate(db);
    // A second pool on the same database: another instance.
    other = await openTestDb('postgres');
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await db?.close();
    await other?.close();
  });

  it('counts one window per key and route, across instances', async () => {
    const a = storeOn(db).child(route('POST', '/api/auth/login'));
    const first = await incr(a, 'ip:10.0.0.1');
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(a, 'ip:10.0.0.1')).current).toBe(2);
    // Another key and another route start at 1.
    expect((await incr(a, 'ip:10.0.0.2')).current).toBe(1);
    const b = storeOn(db).child(route('POST', '/api/auth/signup'));
    expect((await incr(b, 'ip:10.0.0.1')).current).toBe(1);
    // The same route on another instance's pool continues the count.
    const aElsewhere = storeOn(db).child(route('POST', '/api/auth/login'));
    expect((await incr(aElsewhere, 'ip:10.0.0.1')).current).toBe(3);
  });

  it('parallel hits count one by one; an expired window starts again; cleanup deletes it', async () => {
    const s = storeOn(db).child(route('POST', '/api/trades/quick'));
    const hits = await Promise.all(Array.from({ length: 20 }, () => incr(s, 'user:1', 300)));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    await new Promise((r) => setTimeout(r, 350));
    const fresh = await incr(s, 'user:1', 300);
    expect(fresh.current).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    await db.query('DELETE FROM rate_limit_hits WHERE expires_at <= clock_timestamp()');
    const left = await db.query("SELECT 1 FROM rate_limit_hits WHERE key LIKE '%quick-user:1'");
    expect(left).toHaveLength(0);
  });

  it('costs one round trip a request (figure for docs/performance.md)', async () => {
    const s = storeOn(db).child(route('POST', '/api/deposits'));
    const n = 2000;
    for (let i = 0; i < 100; i++) await incr(s, `warm:${i}`);
    let t0 = performance.now();
    for (let i = 0; i < n; i++) await incr(s, `user:${i % 200}`);
    const sequential = (performance.now() - t0) / n;
    // The reference: the cheapest round trip on the same pool.
    t0 = performance.now();
    for (let i = 0; i < n; i++) await db.query('SELECT 1');
    const roundTrip = (performance.now() - t0) / n;
    t0 = performance.now();
    await Promise.all(Array.from({ length: n }, (_, i) => incr(s, `user:${i % 200}`)));
    const parallel = (performance.now() - t0) / n;
    console.log(
      `[rate-limit store] ${n} hits: ${(sequential * 1000).toFixed(0)} µs each one after another ` +
        `(SELECT 1: ${(roundTrip * 1000).toFixed(0)} µs), ` +
        `${(parallel * 1000).toFixed(0)} µs each with ${n} in flight on a pool of 20`,
    );
    expect(sequential).toBeLessThan(20);
  });
});
