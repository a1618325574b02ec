import type { Balances } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';

/** A user's balances as decimal strings: INR (available and held) with 2 places, USDT with 8 (user_balances_json). */
export async function getBalances(db: Queryable, userId: string): Promise<Balances> {
  const rows = await db.query<{ b: Balances | null }>('SELECT user_balances_json($1) AS b', [
    userId,
  ]);
  return rows[0]?.b ?? { inr: '0.00', inrHeld: '0.00', usdt: '0.00000000' };
}
