import type { Db, Queryable } from '../db/index.ts';

/** The user's watchlist, in the order coins were added. */
export async function getWatchlist(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ coin_id: string }>(
    'SELECT coin_id FROM watchlist_items WHERE user_id = $1 ORDER BY position, coin_id',
    [userId],
  );
  return rows.map((r) => r.coin_id);
}

/**
 * Replaces the user's watchlist with `ids` (already validated and bounded by the route),
 * dropping repeats. One transaction with the user row locked: two devices saving at once
 * leave one of their lists whole, never a mix.
 */
export async function replaceWatchlist(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    await tx.query('DELETE FROM watchlist_items WHERE user_id = $1', [userId]);
    if (unique.length > 0) {
      await tx.query(
        `INSERT INTO watchlist_items (user_id, coin_id, position)
         SELECT $1, id, ord - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(id, ord)`,
        [userId, unique],
      );
    }
    return getWatchlist(tx, userId);
  });
}
