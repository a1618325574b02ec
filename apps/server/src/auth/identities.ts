import unhomoglyph from 'unhomoglyph';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';

/**
 * The UTS #39 skeleton of an e-mail (§4: NFD, map each character to its prototype in the
 * Unicode confusables table, NFD again), lower-cased before and after since e-mails are
 * compared without case here. Two e-mails that look alike have the same skeleton: аdmin@…
 * with a Cyrillic а, admin@… with "rn" for "m", or with 0 for o. The table is the `unhomoglyph`
 * package's copy of confusables.txt. A skeleton is for comparing only, never for display.
 */
export function emailSkeleton(email: string): string {
  const folded = email.normalize('NFKC').toLowerCase().normalize('NFD');
  return unhomoglyph(folded).normalize('NFD').toLowerCase();
}

/**
 * The house market maker's address (issue 17, ADR 037). The server makes that account; nobody
 * may sign up with it, or change to it, or to one like it, before or after.
 */
export const MARKET_MAKER_EMAIL = 'market-maker@sikka.local';

/** An address like one only the server gives out: the admin's, or the market maker's. */
export function isServerAddress(email: string, adminEmail: string): boolean {
  const skeleton = emailSkeleton(email);
  return skeleton === emailSkeleton(adminEmail) || skeleton === emailSkeleton(MARKET_MAKER_EMAIL);
}

/**
 * Gives every user without a skeleton one (rows made before migration 013, or by the admin
 * bootstrap), the admin first and then the oldest, so where two old accounts already look alike
 * the admin or the earlier one keeps the skeleton and the other stays without (logged).
 * Cheap when nothing is missing (a partial index); run at start-up and before each sign-up.
 */
export async function backfillEmailSkeletons(
  db: Queryable,
  log?: FastifyBaseLogger,
): Promise<number> {
  const missing = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE email_skeleton IS NULL
      ORDER BY (role = 'admin') DESC, created_at, id`,
  );
  let filled = 0;
  for (const user of missing) {
    const skeleton = emailSkeleton(user.email);
    try {
      const done = await db.query(
        `UPDATE users SET email_skeleton = $2
          WHERE id = $1 AND email_skeleton IS NULL
            AND NOT EXISTS (SELECT 1 FROM users WHERE email_skeleton = $2)
          RETURNING 1`,
        [user.id, skeleton],
      );
      if (done.length > 0) filled += 1;
      else log?.warn({ userId: user.id }, 'e-mail looks like another account’s; no skeleton');
    } catch (err) {
      // Another instance filled the same skeleton in between: the unique index decided.
      if ((err as { code?: unknown }).code !== '23505') throw err;
    }
  }
  return filled;
}
