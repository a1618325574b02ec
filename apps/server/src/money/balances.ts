import type { Balances } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';

/** A user's balances as decimal strings: INR with 2 places, USDT with 8. */
export async function getBalances(db: Queryable, userId: string): Promise<Balances> {
  const rows = await db.query<{ inr: string; usdt: string }>(
    `SELECT to_char(u.balance, 'FM9999999999999999990.00') AS inr,
            to_char(coalesce(w.balance, 0), 'FM9999999999999999990.00000000') AS usdt
       FROM users u
       LEFT JOIN LATERAL (SELECT balance FROM wallets WHERE user_id = u.id AND coin_symbol = 'USDT') w ON true
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? { inr: '0.00', usdt: '0.00000000' };
}
