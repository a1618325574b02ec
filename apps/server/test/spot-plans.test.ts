import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMigratedPgDatabase,
  insertVerifiedUsers,
  pgUrl,
  postgresSkipReason,
} from '../../../test/support/databases.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const USERS = 40;
const HISTORY = 30;

/**
 * spot_accept in a young database (nothing analyzed: a new installation, every bench run),
 * where its plans are made from no statistics and kept for the connection's life (migration
 * 030). Each of its reads must stay within the batch's own rows, whatever the user's history
 * and however many wallets the coin has: the Idempotency-Key lookup read every earlier order
 * of the user, and the balances query and the reserving UPDATE every wallet of the coin. The
 * plans actually run are read back with auto_explain, which this session alone loads.
 */
describe.skipIf(!pgUrl())('spot_accept reads in a young database', () => {
  let client: pg.Client;
  let users: string[];
  let epoch: string;
  const notices: string[] = [];
  let seq = 0;

  const accept = async (orders: Array<{ user: string; key: string }>) => {
    const payload = orders.map((o) => ({
      id: randomUUID(),
      seq: ++seq,
      userId: o.user,
      side: 'buy',
      type: 'limit',
      tif: 'GTC',
      postOnly: false,
      stp: 'cancel_taker',
      priceTicks: 9000,
      lots: 100,
      quoteAmount: null,
      key: o.key,
      hash: 'h',
    }));
    const { rows } = await client.query<{ r: Array<{ ok: boolean; code?: string }> }>(
      "SELECT spot_accept('USDT-INR', $1, $2::jsonb, now()) AS r",
      [epoch, JSON.stringify(payload)],
    );
    return rows[0]!.r;
  };

  beforeAll(async () => {
    const url = await createMigratedPgDatabase();
    client = new pg.Client({ connectionString: url });
    await client.connect();
    epoch = (
      await client.query<{ epoch: string }>(
        `INSERT INTO spot_markets (symbol, base, tick_size, lot_size, min_order_value, maker_fee,
                                   taker_fee, tds_rate)
         VALUES ('USDT-INR', 'USDT', 0.01, 0.01, 100, 0.001, 0.002, 0.01)
         RETURNING epoch::text`,
      )
    ).rows[0]!.epoch;
    // Verified traders with INR, each with a USDT wallet.
    users = await insertVerifiedUsers(client, USERS, 'young', '1000000');
    client.on('notice', (n) => notices.push(n.message ?? ''));
    await client.query("LOAD 'auto_explain'");
    await client.query('SET auto_explain.log_min_duration = 0');
    await client.query('SET auto_explain.log_analyze = on');
    await client.query('SET auto_explain.log_nested_statements = on');
    await client.query("SET auto_explain.log_level = 'notice'");
    // A history: the first user's orders, one a batch, each under its own key.
    for (let i = 0; i < HISTORY; i++) {
      const answer = await accept([{ user: users[0]!, key: `history-${i}` }]);
      expect(answer[0]!.ok).toBe(true);
    }
  });
  afterAll(async () => {
    await client?.end();
  });

  it('reads only the batch’s own orders and wallets, whatever the history', async () => {
    notices.length = 0;
    const answer = await accept([
      { user: users[0]!, key: 'new-0' },
      { user: users[1]!, key: 'new-1' },
    ]);
    expect(answer.map((a) => a.ok)).toEqual([true, true]);
    const plans = notices.filter((n) => /spot_orders|wallets/.test(n));
    expect(plans.length).toBeGreaterThanOrEqual(3);
    // Rows a scan read and then threw away: a read beyond the batch's own rows.
    const thrownAway = plans.flatMap((p) =>
      [...p.matchAll(/Rows Removed by (?:Join )?Filter: (\d+)/g)].map((m) => Number(m[1])),
    );
    expect(thrownAway.filter((n) => n > 2)).toEqual([]);
    // The user's earlier key is still found: a replay is answered, not placed again.
    const replay = await accept([{ user: users[0]!, key: 'history-3' }]);
    expect(replay[0]).toMatchObject({ ok: false, code: 'replay' });
  });
});
