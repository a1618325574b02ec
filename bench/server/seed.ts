import { randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '@sikka/contracts';
import { type Db, hashToken, newSessionToken } from '../../test/support/server.ts';
import type { SeedArgs, SeedResult } from './protocol.ts';

/**
 * Funded traders for the load runs, made in SQL in seconds rather than through sign-up
 * (argon2 for hundreds of users would take longer than the measurement). Money still moves
 * only through the SQL functions: one deposit per trader approved by approve_deposit, then
 * one execute_usdt_buy, so the ledger invariants hold from the start.
 */
export async function seedTraders(db: Db, args: SeedArgs, buyPrice: string): Promise<SeedResult> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  return db.transaction(async (tx) => {
    const users = await tx.query<{ id: string }>(
      `INSERT INTO users (email, full_name, phone, password_hash, kyc_status, balance)
       SELECT 'bench-' || lower($1) || '-' || g || '@example.com', 'Bench Trader ' || g,
              '9876543210', 'bench-user-without-password', 'verified', 0
         FROM generate_series(1, $2::int) g
       RETURNING id`,
      [tag, args.users],
    );
    const userIds = users.map((u) => u.id);
    const tokens = userIds.map(() => newSessionToken());
    await tx.query(
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
       SELECT h, u, now(), now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS x(h, u)`,
      [tokens.map(hashToken), userIds],
    );
    await tx.query(
      `INSERT INTO deposits (user_id, amount, utr_number)
       SELECT u, $2::numeric, 'BN' || $3 || lpad(n::text, 8, '0')
         FROM unnest($1::uuid[]) WITH ORDINALITY AS x(u, n)`,
      [userIds, args.inrPerUser, tag],
    );
    await tx.query(
      `SELECT approve_deposit(d.id) FROM deposits d
        WHERE d.user_id = ANY($1::uuid[]) AND d.status = 'pending'`,
      [userIds],
    );
    await tx.query(
      `SELECT execute_usdt_buy(u, $2::numeric, $3::numeric) FROM unnest($1::uuid[]) AS x(u)`,
      [userIds, args.usdtPerUser, buyPrice],
    );
    return { userIds, cookies: tokens.map((t) => `${SESSION_COOKIE}=${t}`) };
  });
}
