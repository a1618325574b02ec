import type { FastifyInstance } from 'fastify';
import { logInAdmin } from '../../test/support/app.ts';

/**
 * Money fixtures for browser tests, made the way production makes them: deposits approved by
 * approve_deposit, trades by execute_usdt_buy / execute_usdt_sell. No balance is written by
 * hand, so ledger and balances stay consistent.
 */

let utrCounter = 0;
/** A UTR no other test uses (a UTR can back only one live deposit). */
export function uniqueUtr(): string {
  utrCounter += 1;
  return `E2E${Date.now().toString(36).toUpperCase()}${utrCounter}${Math.floor(Math.random() * 1e4)}`.slice(
    0,
    22,
  );
}

export async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const rows = await app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    email.toLowerCase(),
  ]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** Credits INR as a real deposit request approved by the SQL function. */
export async function creditInr(
  app: FastifyInstance,
  userId: string,
  amount: string,
): Promise<void> {
  const rows = await app.db.query<{ id: string }>(
    'INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, $2::numeric, $3) RETURNING id',
    [userId, amount, uniqueUtr()],
  );
  await app.db.query('SELECT approve_deposit($1)', [rows[0]!.id]);
}

/** A completed quick trade through the SQL functions; returns its id. */
export async function executeTrade(
  app: FastifyInstance,
  userId: string,
  type: 'buy' | 'sell',
  usdtAmount: string,
  price: string,
): Promise<string> {
  const fn = type === 'buy' ? 'execute_usdt_buy' : 'execute_usdt_sell';
  const rows = await app.db.query<{ id: string }>(
    `SELECT (${fn}($1, $2::numeric, $3::numeric)).id AS id`,
    [userId, usdtAmount, price],
  );
  return rows[0]!.id;
}

/** Approves a deposit through the admin API, as the admin would. */
export async function approveAsAdmin(app: FastifyInstance, depositId: string): Promise<void> {
  const cookie = await logInAdmin(app);
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/deposits/${depositId}/approve`,
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
}

/** The user's balances as the server has them. */
export async function balancesOf(
  app: FastifyInstance,
  userId: string,
): Promise<{ inr: string; usdt: string }> {
  const rows = await app.db.query<{ inr: string; usdt: string }>(
    `SELECT u.balance::text AS inr, w.balance::text AS usdt
       FROM users u JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0]!;
}
