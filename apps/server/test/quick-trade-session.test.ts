import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, SESSION_TTL_MS } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUp, startTestApp, verifyKyc, type TestApp } from '../../../test/support/app.ts';
import { checkLedgerInvariants } from '../../../test/support/invariants.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';

/**
 * A quick trade resolves its session and counts the user's money budget in its own statement
 * (migration 026, ADR 026). Everything the auth hook and the rate-limit plugin did for it
 * still holds: a dead session is 401 and writes nothing, a replay gives the stored answer and
 * writes nothing, every request of a signed-in user counts (refused ones too), "last seen"
 * moves.
 */
describe.each(availableDrivers())('a quick trade in one statement on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await startTestApp(driver, { RATE_LIMIT_MONEY_PER_MIN: 5 }, { usdtInrRate: () => '87.7' });
    http = api(t.app);
  });
  afterAll(() => t.close());

  const trader = async () => {
    const u = await signUp(t.app);
    await verifyKyc(t.app.db, u.id);
    await fundFromHouse(t.app.db, u.id, 'INR', '10000');
    return u;
  };
  const buy = (cookie: string, key?: string, body: object = {}) =>
    http.post(
      '/api/trades/quick',
      cookie,
      { side: 'buy', usdtAmount: '1', quotedRate: '89.7', ...body },
      key ? { 'idempotency-key': key } : {},
    );
  /** What a request may write: trades, ledger entries, stored answers, the budget's counter. */
  const written = async (userId: string) => {
    const [row] = await t.app.db.query<{ trades: string; entries: string; keys: string }>(
      `SELECT (SELECT count(*) FROM trades WHERE user_id = $1)::text AS trades,
              (SELECT count(*) FROM ledger_entries WHERE user_id = $1)::text AS entries,
              (SELECT count(*) FROM idempotency_keys WHERE user_id = $1)::text AS keys`,
      [userId],
    );
    return row;
  };
  const hits = async (userId: string) =>
    (
      await t.app.db.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key = $1', [
        `rl:POST/api/trades/quick-money-user:${userId}`,
      ])
    )[0]?.hits ?? 0;

  it('refuses a session ended between two requests with 401, writing and counting nothing', async () => {
    const u = await trader();
    expect((await buy(u.cookie, 'k-1')).statusCode).toBe(201);
    expect((await http.post('/api/auth/logout', u.cookie)).statusCode).toBe(204);
    const before = await written(u.id);
    const counted = await hits(u.id);
    const res = await buy(u.cookie, 'k-2');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'unauthorized',
      message: messages.quickBuy.loginRequired,
    });
    // The same with an invalid body: the dead session is the answer, not the validation.
    const invalid = await buy(u.cookie, 'k-3', { usdtAmount: 'lots' });
    expect(invalid.statusCode).toBe(401);
    expect(await written(u.id)).toEqual(before);
    expect(await hits(u.id)).toBe(counted);
  });

  it('refuses an expired session with 401 and no cookie at all before anything', async () => {
    const u = await trader();
    const before = await written(u.id);
    t.advance(SESSION_TTL_MS + 1000);
    try {
      const res = await buy(u.cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(messages.quickBuy.loginRequired);
    } finally {
      t.advance(-(SESSION_TTL_MS + 1000));
    }
    const anonymous = await buy('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(messages.quickBuy.loginRequired);
    expect(await written(u.id)).toEqual(before);
  });

  it('replays an Idempotency-Key with the stored answer and writes nothing more', async () => {
    const u = await trader();
    const first = await buy(u.cookie, 'same-key');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await written(u.id);
    const again = await buy(u.cookie, 'same-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await written(u.id)).toEqual(after);
    // Another body under the same key is refused, and writes nothing either.
    const conflict = await buy(u.cookie, 'same-key', { usdtAmount: '2' });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().error.code).toBe('idempotency_conflict');
    expect(await written(u.id)).toEqual(after);
    expect(await checkLedgerInvariants(t.app.db)).toEqual([]);
  });

  it('counts every request of the user, refused ones too, and answers 429 past the budget', async () => {
    const u = await trader();
    const ok = await buy(u.cookie);
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['x-ratelimit-limit']).toBe('5');
    expect(ok.headers['x-ratelimit-remaining']).toBe('4');
    // Refused by the money function (no USDT to sell), by validation, by KYC: each counts.
    const sell = await http.post('/api/trades/quick', u.cookie, {
      side: 'sell',
      usdtAmount: '5',
      quotedRate: '86.2',
    });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().error.code).toBe('insufficient_usdt');
    expect((await buy(u.cookie, undefined, { usdtAmount: 'lots' })).statusCode).toBe(400);
    await t.app.db.query(`UPDATE users SET kyc_status = 'submitted' WHERE id = $1`, [u.id]);
    expect((await buy(u.cookie)).json().error.code).toBe('kyc_required');
    await verifyKyc(t.app.db, u.id);
    expect(await hits(u.id)).toBe(4);
    expect((await buy(u.cookie)).statusCode).toBe(201);
    const before = await written(u.id);
    const refused = await buy(u.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: messages.trades.tooManyRequests,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Past the budget even a body that fails validation is 429, and nothing is written.
    expect((await buy(u.cookie, undefined, { usdtAmount: 'lots' })).statusCode).toBe(429);
    expect(await written(u.id)).toEqual(before);
    // Another user has a budget of their own.
    const other = await trader();
    expect((await buy(other.cookie)).statusCode).toBe(201);
  });

  it('moves the session\'s "last seen" at most once a minute, also for a refused trade', async () => {
    const u = await trader();
    const lastSeen = async () =>
      (
        await t.app.db.query<{ at: Date }>(
          'SELECT last_seen_at AS at FROM sessions WHERE user_id = $1',
          [u.id],
        )
      )[0]!.at.getTime();
    await t.app.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`,
      [u.id],
    );
    const old = await lastSeen();
    const res = await http.post('/api/trades/quick', u.cookie, {
      side: 'sell',
      usdtAmount: '5',
      quotedRate: '86.2',
    });
    expect(res.statusCode).toBe(422);
    const moved = await lastSeen();
    expect(moved).toBeGreaterThan(old + 60_000);
    expect((await buy(u.cookie)).statusCode).toBe(201);
    expect(await lastSeen()).toBe(moved);
  });
});
