import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pgUrl, postgresSkipReason } from '../../../test/support/databases.ts';
import {
  signUpVerified,
  startTestInstances,
  type TestInstances,
} from '../../../test/support/app.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';

const hasPostgres = pgUrl() !== '';
if (!hasPostgres) console.warn(postgresSkipReason());

/**
 * An order sent to an instance that does not run its market goes through spot_inbox to the
 * instance that does (ADR 018). When the answer comes too late but the batch did commit, the
 * order exists: the caller must get it, not an error that invites placing it again.
 */
describe.skipIf(!hasPostgres)('spot orders forwarded between two instances', () => {
  let instances: TestInstances;
  let apps: FastifyInstance[];

  beforeAll(async () => {
    // The first takes every market's engine, the second forwards.
    instances = await startTestInstances(2, {
      SPOT_TRADING: true,
      SPOT_MARKET_MAKER: 'off',
      SPOT_REMOTE_TIMEOUT_MS: 300,
    });
    apps = instances.apps;
  });
  afterAll(() => instances?.close());

  it('answers 201 with the order when its batch commits after the wait for its answer ran out', async () => {
    const [, b] = apps as [FastifyInstance, FastifyInstance];
    const engines = (app: FastifyInstance) => app.spot!.exchange.ownedMarkets;
    expect(engines(apps[0]!)).toContain('USDT-INR');
    expect(engines(b)).not.toContain('USDT-INR');
    const user = await signUpVerified(b);
    await fundFromHouse(b.db, user.id, 'INR', '1000');

    // The test holds the user's row: the engine's batch takes the forwarded request out of the
    // inbox and then waits for that row, past the forwarding instance's 300 ms.
    const holder = new pg.Client({ connectionString: instances.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      const answer = api(b).post('/api/spot/orders', user.cookie, {
        market: 'USDT-INR',
        side: 'buy',
        type: 'limit',
        price: '80',
        quantity: '2',
      });
      await new Promise((r) => setTimeout(r, 900));
      await holder.query('COMMIT');
      const res = await answer;
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({ status: 'open', quantity: '2.00', price: '80.00' });
      const [row] = await b.db.query<{ id: string; user_id: string }>(
        'SELECT id, user_id FROM spot_orders WHERE user_id = $1',
        [user.id],
      );
      expect(row).toEqual({ id: res.json().order.id, user_id: user.id });
    } finally {
      await holder.end();
    }
  });
});
