import pg from 'pg';
import { startPgCluster } from '/work/main/test/support/pg-cluster.ts';
import { createDatabase } from '/work/main/bench/lib/databases.ts';
import { openPostgres } from '/work/main/apps/server/src/db/postgres.ts';
import { migrate } from '/work/main/apps/server/src/db/migrate.ts';
import { seedTraders } from '/work/main/bench/server/seed.ts';
import { hashToken } from '/work/main/apps/server/src/auth/tokens.ts';
const c = await startPgCluster();
if ('missing' in c) throw new Error();
try {
  const url = await createDatabase(c.url, 'exp');
  const db = await openPostgres(url);
  await migrate(db);
  const s = await seedTraders(
    db,
    { users: 200, inrPerUser: '1000000', usdtPerUser: '1000' },
    '90.15',
  );
  await db.close();
  const tokens = s.cookies.map((k) => hashToken(k.split('=')[1]!));
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  let k = 0;
  const q = (
    c: pg.PoolClient | pg.Pool,
    named: boolean,
    name: string,
    text: string,
    values: unknown[],
  ) => (named ? c.query({ name, text, values }) : c.query(text, values));
  const variants: Record<string, (i: number) => Promise<unknown>> = {
    fnOnly: (i) =>
      pool.query('SELECT * FROM execute_usdt_buy($1::uuid, $2::numeric, $3::numeric)', [
        s.userIds[i % 200],
        '1',
        '90.15',
      ]),
    full: (i) => full(i, false),
    fullNamed: (i) => full(i, true),
  };
  async function full(i: number, named: boolean) {
    const id = s.userIds[i % 200]!;
    await q(
      pool,
      named,
      'sess',
      `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`,
      [tokens[i % 200], new Date()],
    );
    const cl = await pool.connect();
    try {
      await cl.query('BEGIN');
      const key = `k${k++}`;
      await q(
        cl,
        named,
        'ik',
        `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS ok`,
        [id, key, 'h'],
      );
      await q(
        cl,
        named,
        'fn',
        'SELECT * FROM execute_usdt_buy($1::uuid, $2::numeric, $3::numeric)',
        [id, '1', '90.15'],
      );
      await q(
        cl,
        named,
        'bal',
        `SELECT to_char(u.balance, 'FM9999999999999999990.00') AS inr, to_char(coalesce(w.balance, 0), 'FM9999999999999999990.00000000') AS usdt FROM users u LEFT JOIN LATERAL (SELECT balance FROM wallets WHERE user_id = u.id AND coin_symbol = 'USDT') w ON true WHERE u.id = $1`,
        [id],
      );
      await q(
        cl,
        named,
        'upd',
        `UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb WHERE user_id = $1 AND key = $2`,
        [id, key, 201, '{"trade":{"id":"x"},"balances":{"inr":"1.00","usdt":"1.00000000"}}'],
      );
      await cl.query('COMMIT');
    } finally {
      cl.release();
    }
  }
  async function runFor(name: string, ms: number) {
    let n = 0;
    let i = 0;
    const until = Date.now() + ms;
    const t0 = Date.now();
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (Date.now() < until) {
          await variants[name]!(i++);
          n++;
        }
      }),
    );
    const cu = process.cpuUsage(cpu);
    return { rate: n / ((Date.now() - t0) / 1000), nodeCpuUsPerOp: (cu.user + cu.system) / n };
  }
  for (let round = 0; round < 2; round++)
    for (const v of Object.keys(variants)) {
      const r = await runFor(v, 4000);
      console.log(
        round,
        v.padEnd(10),
        r.rate.toFixed(0),
        '/s',
        'node cpu us/op',
        r.nodeCpuUsPerOp.toFixed(0),
      );
    }
  await pool.end();
} finally {
  c.stop();
}
