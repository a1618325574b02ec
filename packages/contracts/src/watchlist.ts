import { z } from 'zod';

/*
 * The signed-in user's watchlist, kept on the server so it follows them to another device
 * (guests keep PRODUCT.md's localStorage list only). Ids are market codes such as 'BTCINR'.
 */

/** The most coins one watchlist keeps: more than every INR market, little enough to bound a row set. */
export const WATCHLIST_MAX = 200;

/** A market code of the INR markets: upper-case letters and digits ending in INR, e.g. 'BTCINR'. */
export const watchlistIdSchema = z
  .string()
  .regex(/^[A-Z0-9]{1,20}INR$/, { error: 'Watchlist ids are INR market codes like BTCINR' });

/** GET and PUT /api/me/watchlist answer with the whole list, in the order coins were added. */
export const watchlistResponseSchema = z.object({ ids: z.array(z.string()) });
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;

/** PUT /api/me/watchlist replaces the list; duplicates are dropped (the first place is kept). */
export const watchlistRequestSchema = z.strictObject({
  ids: z
    .array(watchlistIdSchema)
    .max(WATCHLIST_MAX, { error: `A watchlist keeps at most ${WATCHLIST_MAX} coins` }),
});
export type WatchlistRequest = z.infer<typeof watchlistRequestSchema>;
