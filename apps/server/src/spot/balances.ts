import { SPOT_MARKET_SPECS, type SpotBalancesResponse } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';

/**
 * Everything a user holds, per asset: available, reserved by open spot orders, held by
 * withdrawals in flight, and its value in INR at `priceOf` (the feed's last price), computed
 * in SQL (numeric) and rounded down to the paisa.
 */
export async function assetBalances(
  db: Queryable,
  userId: string,
  priceOf: (asset: string) => string | null,
): Promise<SpotBalancesResponse> {
  const rows = await db.query<{ asset: string; available: string; reserved: string; held: string }>(
    `SELECT 'INR' AS asset, balance::text AS available, inr_reserved::text AS reserved,
            inr_held::text AS held, 0 AS o
       FROM users WHERE id = $1
     UNION ALL
     SELECT coin_symbol, balance::text, reserved::text, held::text, 1
       FROM wallets WHERE user_id = $1
     ORDER BY o, asset`,
    [userId],
  );
  const assets = rows.map((r) => ({ ...r, price: r.asset === 'INR' ? '1' : priceOf(r.asset) }));
  const values = await db.query<{ v: string | null }>(
    `SELECT CASE WHEN p IS NULL THEN NULL
                 ELSE (floor((a + r + h) * p * 100) / 100)::numeric(30, 2)::text END AS v
       FROM unnest($1::numeric[], $2::numeric[], $3::numeric[], $4::numeric[])
              WITH ORDINALITY AS x (a, r, h, p, i)
      ORDER BY i`,
    [
      assets.map((a) => a.available),
      assets.map((a) => a.reserved),
      assets.map((a) => a.held),
      assets.map((a) => a.price),
    ],
  );
  const [total] = await db.query<{ t: string }>(
    'SELECT coalesce(sum(v), 0)::numeric(30, 2)::text AS t FROM unnest($1::numeric[]) AS v',
    [values.map((v) => v.v)],
  );
  return {
    assets: assets.map((a, i) => ({
      asset: a.asset,
      name: a.asset === 'INR' ? 'Indian Rupee' : (SPOT_MARKET_SPECS[a.asset]?.name ?? a.asset),
      available: a.available,
      reserved: a.reserved,
      held: a.held,
      valueInr: values[i]?.v ?? null,
    })),
    totalValueInr: total?.t ?? '0.00',
  };
}
