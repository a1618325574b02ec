import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAdmin, signUpVerified, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { checkLedgerInvariants } from '../support/invariants.ts';
import { fund, pool } from '../support/money-helpers.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

/**
 * A buy written the naive way, FOR THIS TEST ONLY: it reads the balances without a lock,
 * waits a moment (as a busy server would between a read and a write), then writes back
 * "what I read − total". Its ledger entries are perfect; only its balance writes race. Two
 * concurrent buys then both start from the same balance and one debit is lost.
 */
const NAIVE_BUY = `
CREATE FUNCTION naive_usdt_buy(p_user_id uuid, p_amount numeric, p_price numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_total numeric := round(p_amount * p_price, 2);
  v_inr numeric;
  v_usdt numeric;
  v_trade trades;
BEGIN
  SELECT balance INTO v_inr FROM users WHERE id = p_user_id;                 -- no FOR UPDATE
  SELECT balance INTO v_usdt FROM wallets WHERE user_id = p_user_id AND coin_symbol = 'USDT';
  IF v_inr < v_total THEN RAISE EXCEPTION 'Insufficient INR balance' USING ERRCODE = 'SK001'; END IF;
  PERFORM pg_sleep(0.005);
  UPDATE users SET balance = v_inr - v_total WHERE id = p_user_id;          -- read-then-write
  UPDATE wallets SET balance = v_usdt + p_amount WHERE user_id = p_user_id AND coin_symbol = 'USDT';
  INSERT INTO trades (user_id, type, amount, price, total, status)
  VALUES (p_user_id, 'buy', p_amount, p_price, v_total, 'completed') RETURNING * INTO v_trade;
  INSERT INTO ledger_entries (operation_id, operation_type, asset, account, user_id, amount) VALUES
    (v_trade.id, 'trade_buy', 'INR', 'user', p_user_id, -v_total),
    (v_trade.id, 'trade_buy', 'INR', 'house', NULL, v_total),
    (v_trade.id, 'trade_buy', 'USDT', 'user', p_user_id, p_amount),
    (v_trade.id, 'trade_buy', 'USDT', 'house', NULL, -p_amount);
  PERFORM count_trade(p_user_id, 'completed', 'buy');
END;
$$;`;

/** Item 2: the invariant checker must be able to fail: it catches the naive buy's drift. */
describe.skipIf(!pgUrl())('canary: the invariant checker catches a read-then-write race', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('postgres', { MARKET_AUTOSTART: false }, { poolSize: 25 });
    admin = await logInAdmin(t.app);
    await t.app.db.exec(NAIVE_BUY);
  });
  afterAll(() => t?.close());

  const buyMany = async (fn: string, userId: string) =>
    pool(
      Array.from(
        { length: 40 },
        () => () =>
          t.app.db.query(`SELECT ${fn}($1::uuid, 1::numeric, 100::numeric)`, [userId]).then(
            () => 'ok',
            (err: { code?: string }) => err.code ?? 'error',
          ),
      ),
      20,
    );

  it('40 concurrent naive ₹100 buys leave balances off their ledger; the real function does not', async () => {
    // Control: the production function under the same concurrency keeps every invariant.
    const safe = await signUpVerified(t.app);
    await fund(t.app, safe.cookie, admin, '100000');
    const safeResults = await buyMany('execute_usdt_buy', safe.id);
    const afterSafe = await checkLedgerInvariants(t.app.db);

    const victim = await signUpVerified(t.app);
    await fund(t.app, victim.cookie, admin, '100000');
    const naiveResults = await buyMany('naive_usdt_buy', victim.id);
    const violations = await checkLedgerInvariants(t.app.db);
    const [row] = await t.app.db.query<{ balance: string; ledger: string; trades: number }>(
      `SELECT u.balance::text AS balance,
              (SELECT sum(amount)::text FROM ledger_entries WHERE user_id = u.id AND asset = 'INR') AS ledger,
              (SELECT count(*)::int FROM trades WHERE user_id = u.id) AS trades
         FROM users u WHERE u.id = $1`,
      [victim.id],
    );
    console.log(
      `[canary] real function: ${safeResults.filter((r) => r === 'ok').length}/40 buys, ` +
        `${afterSafe.length} violations; naive read-then-write: ${naiveResults.filter((r) => r === 'ok').length}/40 buys, ` +
        `balance ₹${row!.balance} vs ledger ₹${row!.ledger} (${row!.trades} trades); checker reported ` +
        `${violations.length} violations: ${violations.map((v) => v.split(':')[0]).join(' | ')}`,
    );
    expect(safeResults.every((r) => r === 'ok')).toBe(true);
    expect(afterSafe).toEqual([]);
    expect(row!.balance).not.toBe(row!.ledger);
    expect(violations.some((v) => v.startsWith('INR balance differs from its ledger sum'))).toBe(
      true,
    );
    expect(violations.some((v) => v.includes(victim.id))).toBe(true);
  });
});
