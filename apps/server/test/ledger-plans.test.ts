import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedPgDatabase,
  insertVerifiedUsers,
  pgUrl,
  postgresSkipReason,
} from '../../../test/support/databases.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const USERS = 100;
const HISTORY = 20;
const WRITES = 40;

/**
 * The ledger's balance_after trigger (015) on a database with statistics, as autovacuum keeps
 * every live one: its lookup of the account's last entry is planned once per connection
 * (migration 029). Without that, the plan cache made a plan for each call's values for the
 * first five calls of every connection, and on the bench's statistics went on doing so for
 * most entries (3,751 plans for 5,694 entries, about 200 µs each: twice per quick trade).
 * Counted with pg_stat_statements, which the test cluster loads and this session alone
 * switches on.
 */
describe.skipIf(!pgUrl())('ledger balance_after on PostgreSQL with statistics', () => {
  let client: pg.Client;
  let users: string[];

  beforeAll(async () => {
    const url = await createMigratedPgDatabase();
    // The history and its statistics come first; the writes counted below run on a new
    // connection, whose plans are made with those statistics (as a live server's are).
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    users = await insertVerifiedUsers(setup, USERS, 'plans');
    // A history per user, then statistics of it.
    await setup.query(
      `SELECT spot_fund_account(u, 'INR', 1) FROM unnest($1::uuid[]) AS u,
              generate_series(1, $2::int) ORDER BY u`,
      [users, HISTORY],
    );
    await setup.query('ANALYZE');
    await setup.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await setup.end();
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SET pg_stat_statements.track = 'all'");
    await client.query('SET pg_stat_statements.track_planning = on');
    await client.query('SELECT pg_stat_statements_reset()');
  });
  afterAll(async () => {
    await client?.end();
  });

  it('plans the last-entry lookup once, not for every entry written', async () => {
    for (let i = 0; i < WRITES; i++) {
      await client.query("SELECT spot_fund_account($1, 'INR', 1)", [users[i % USERS]]);
    }
    const { rows } = await client.query<{ calls: number; plans: number }>(
      `SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(plans), 0)::int AS plans
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query LIKE 'NEW.balance_after := %'`,
    );
    // One lookup per user entry written, each answered by the first plan made.
    expect(rows[0]).toEqual({ calls: WRITES, plans: expect.any(Number) as number });
    expect(rows[0]!.plans).toBeLessThanOrEqual(1);
    // And the balances it gave are the running sums.
    const { rows: last } = await client.query<{ balance_after: string }>(
      `SELECT balance_after::text FROM ledger_entries
        WHERE user_id = $1 AND asset = 'INR' ORDER BY id DESC LIMIT 1`,
      [users[0]],
    );
    expect(last[0]!.balance_after).toBe(`${HISTORY + 1}.00000000`);
  });
});
