import type { Queryable } from '../db/types.ts';

/**
 * Records a newsletter subscription. Idempotent: the address is kept lower-cased and unique,
 * so a second subscription (in any case) changes nothing. Says whether it was new, for the
 * log only: the answer to the browser is the same either way.
 */
export async function subscribeToNewsletter(
  db: Queryable,
  email: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ email: string }>(
    `INSERT INTO newsletter_subscriptions (email, created_at) VALUES ($1, $2)
     ON CONFLICT (email) DO NOTHING RETURNING email`,
    [email.toLowerCase(), now],
  );
  return rows.length > 0;
}
