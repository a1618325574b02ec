import type { Queryable } from './server.ts';

/**
 * The money invariants of DESIGN.md §2, checked from the database alone. Each returns rows
 * only when something is wrong, so the result is a list of human-readable violations
 * (empty = all hold). All arithmetic is SQL numeric: exact, no floats.
 */
const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'INR balance differs from its ledger sum',
    // Migration 021: INR reserved by open spot orders is still the user's (no ledger entry).
    sql: `SELECT u.id AS who, u.balance::text AS balance, u.inr_reserved::text AS reserved,
                 coalesce(l.sum, 0)::text AS ledger
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user' AND asset = 'INR' GROUP BY user_id) l ON l.user_id = u.id
           WHERE u.balance + u.inr_reserved <> coalesce(l.sum, 0)`,
  },
  {
    // Migration 018: one wallet row per coin (USDT, ETH), each mirrored by its ledger asset.
    name: 'wallet balance differs from its ledger sum',
    sql: `SELECT w.user_id AS who, w.coin_symbol, w.balance::text AS balance, w.reserved::text AS reserved,
                 coalesce(l.sum, 0)::text AS ledger
            FROM wallets w
            LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user' GROUP BY user_id, asset) l
              ON l.user_id = w.user_id AND l.asset = w.coin_symbol
           WHERE w.balance + w.reserved <> coalesce(l.sum, 0)`,
  },
  {
    name: 'reserved INR differs from the open spot buy orders',
    sql: `SELECT u.id AS who, u.inr_reserved::text AS reserved, coalesce(o.sum, 0)::text AS orders
            FROM users u
            LEFT JOIN (SELECT user_id, sum(reserved) AS sum FROM spot_orders
                        WHERE side = 'buy' AND status IN ('new', 'open', 'partially_filled')
                        GROUP BY user_id) o ON o.user_id = u.id
           WHERE u.inr_reserved <> coalesce(o.sum, 0)`,
  },
  {
    name: 'reserved coins differ from the open spot sell orders',
    sql: `SELECT w.user_id AS who, w.coin_symbol, w.reserved::text AS reserved, coalesce(o.sum, 0)::text AS orders
            FROM wallets w
            LEFT JOIN (SELECT o.user_id, m.base, sum(o.reserved) AS sum FROM spot_orders o
                         JOIN spot_markets m ON m.symbol = o.market
                        WHERE o.side = 'sell' AND o.status IN ('new', 'open', 'partially_filled')
                        GROUP BY o.user_id, m.base) o ON o.user_id = w.user_id AND o.base = w.coin_symbol
           WHERE w.reserved <> coalesce(o.sum, 0)`,
  },
  {
    name: 'a spot sell order reserves other than its unfilled quantity',
    sql: `SELECT o.id AS who, o.reserved::text, ((o.lots - o.filled_lots) * m.lot_size)::text AS unfilled
            FROM spot_orders o JOIN spot_markets m ON m.symbol = o.market
           WHERE o.side = 'sell' AND o.status IN ('open', 'partially_filled')
             AND o.reserved <> (o.lots - o.filled_lots) * m.lot_size`,
  },
  {
    name: 'a spot order filled other than its fills',
    sql: `SELECT o.id AS who, o.filled_lots::text, coalesce(f.lots, 0)::text AS fills
            FROM spot_orders o
            LEFT JOIN (SELECT id, sum(lots) AS lots FROM (
                         SELECT taker_order_id AS id, lots FROM spot_fills
                         UNION ALL SELECT maker_order_id, lots FROM spot_fills) x GROUP BY id) f
              ON f.id = o.id
           WHERE o.filled_lots <> coalesce(f.lots, 0)`,
  },
  {
    name: 'a spot order moved other than its value rounded for the house',
    sql: `SELECT o.id AS who, o.side, o.value_exact::text, o.inr_value::text, o.fee::text
            FROM spot_orders o
           WHERE o.inr_value <> CASE WHEN o.side = 'buy' THEN ceil(o.value_exact * 100) / 100
                                     ELSE floor(o.value_exact * 100) / 100 END
              OR o.fee <> ceil(o.fee_exact * 100) / 100
              OR o.tds <> CASE WHEN o.side = 'sell' THEN ceil(o.inr_value * o.tds_rate * 100) / 100
                               ELSE 0 END
              OR o.fee_exact > o.value_exact * greatest(o.maker_fee, o.taker_fee)`,
  },
  {
    name: 'spot fills paid sellers more than buyers paid',
    sql: `SELECT 'all fills' AS who, sum(buyer_paid)::text AS paid, sum(seller_received)::text AS received
            FROM spot_fills HAVING sum(buyer_paid) < sum(seller_received)`,
  },
  {
    name: 'held coins differ from their ledger sum',
    sql: `SELECT w.user_id AS who, w.coin_symbol, w.held::text AS held, coalesce(l.sum, 0)::text AS ledger
            FROM wallets w
            LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user_held' GROUP BY user_id, asset) l
              ON l.user_id = w.user_id AND l.asset = w.coin_symbol
           WHERE w.held <> coalesce(l.sum, 0)`,
  },
  {
    name: 'held coins differ from the crypto withdrawals in flight',
    sql: `SELECT w.user_id AS who, w.coin_symbol, w.held::text AS held, coalesce(c.sum, 0)::text AS in_flight
            FROM wallets w
            LEFT JOIN (SELECT user_id, asset, sum(amount + fee) AS sum FROM chain_withdrawals
                        WHERE status IN ('pending', 'approved', 'signed', 'broadcast')
                        GROUP BY user_id, asset) c ON c.user_id = w.user_id AND c.asset = w.coin_symbol
           WHERE w.held <> coalesce(c.sum, 0)`,
  },
  {
    // Migration 014: INR set aside by pending withdrawals has its own ledger account.
    name: 'held INR differs from its ledger sum',
    sql: `SELECT u.id AS who, u.inr_held::text AS held, coalesce(l.sum, 0)::text AS ledger
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user_held' AND asset = 'INR' GROUP BY user_id) l ON l.user_id = u.id
           WHERE u.inr_held <> coalesce(l.sum, 0)`,
  },
  {
    name: 'held INR differs from pending withdrawals',
    sql: `SELECT u.id AS who, u.inr_held::text AS held, coalesce(w.sum, 0)::text AS pending
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM withdrawals WHERE status = 'pending'
                        GROUP BY user_id) w ON w.user_id = u.id
           WHERE u.inr_held <> coalesce(w.sum, 0)`,
  },
  {
    name: 'user ledger entries without a wallet row',
    sql: `SELECT DISTINCT l.user_id AS who FROM ledger_entries l
           WHERE l.asset <> 'INR' AND l.account IN ('user', 'user_held')
             AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = l.user_id AND w.coin_symbol = l.asset)`,
  },
  {
    name: 'negative balance',
    sql: `SELECT id AS who, balance::text AS balance, 'INR' AS asset FROM users WHERE balance < 0
          UNION ALL
          SELECT id, inr_held::text, 'INR held' FROM users WHERE inr_held < 0
          UNION ALL
          SELECT user_id, balance::text, coin_symbol FROM wallets WHERE balance < 0
          UNION ALL
          SELECT user_id, held::text, coin_symbol || ' held' FROM wallets WHERE held < 0`,
  },
  {
    name: 'operation entries do not sum to zero',
    sql: `SELECT operation_id AS who, asset, sum(amount)::text AS sum FROM ledger_entries
           GROUP BY operation_id, asset HAVING sum(amount) <> 0`,
  },
  {
    name: 'asset not conserved across all accounts',
    sql: `SELECT asset, sum(amount)::text AS sum FROM ledger_entries GROUP BY asset HAVING sum(amount) <> 0`,
  },
  {
    // Independent of the ledger: balances re-derived from the business records.
    // Migration 021: spot orders pay (buys: value rounded up + fee) and receive (sells: value
    // rounded down − fee − TDS) per their running totals; the house funds its own accounts.
    name: 'INR balance differs from approved deposits − buys + sells − withdrawals ± spot',
    sql: `WITH derived AS (
            SELECT u.id, u.balance + u.inr_reserved AS total,
                   coalesce(d.sum, 0) - coalesce(t.buys, 0) + coalesce(t.sells, 0) - coalesce(wd.sum, 0)
                   + coalesce(s.net, 0) + coalesce(f.sum, 0) AS derived
              FROM users u
              LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM withdrawals WHERE status IN ('pending', 'paid')
                          GROUP BY user_id) wd ON wd.user_id = u.id
              LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM deposits WHERE status = 'approved' GROUP BY user_id) d
                ON d.user_id = u.id
              LEFT JOIN (SELECT user_id,
                                sum(total) FILTER (WHERE type = 'buy') AS buys,
                                -- migration 015: a sell credits its total less the TDS withheld
                                sum(total - tds) FILTER (WHERE type = 'sell') AS sells
                           FROM trades WHERE status = 'completed' GROUP BY user_id) t ON t.user_id = u.id
              LEFT JOIN (SELECT user_id, sum(CASE side WHEN 'buy' THEN -(inr_value + fee)
                                                       ELSE inr_value - fee - tds END) AS net
                           FROM spot_orders GROUP BY user_id) s ON s.user_id = u.id
              LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM ledger_entries
                          WHERE operation_type = 'house_funding' AND account = 'user' AND asset = 'INR'
                          GROUP BY user_id) f ON f.user_id = u.id)
          SELECT id AS who, total::text AS balance, derived::text FROM derived WHERE total <> derived`,
  },
  {
    // Migrations 017/018: coins also arrive by chain deposits (credited once, ETH cut to 8
    // places) and leave by crypto withdrawals (amount + fee, from the request on, unless
    // cancelled, rejected or failed). Trades move USDT only.
    name: 'wallet balance differs from bought − sold + credited chain deposits − crypto withdrawals ± spot',
    sql: `WITH derived AS (
            SELECT w.user_id, w.coin_symbol, w.balance + w.reserved AS total,
                   coalesce(t.bought, 0) - coalesce(t.sold, 0) + coalesce(c.sum, 0) - coalesce(x.sum, 0)
                   + coalesce(s.net, 0) + coalesce(f.sum, 0) AS derived
              FROM wallets w
              LEFT JOIN (SELECT user_id, 'USDT'::text AS asset,
                                sum(amount) FILTER (WHERE type = 'buy') AS bought,
                                sum(amount) FILTER (WHERE type = 'sell') AS sold
                           FROM trades WHERE status = 'completed' GROUP BY user_id) t
                ON t.user_id = w.user_id AND t.asset = w.coin_symbol
              LEFT JOIN (SELECT user_id, asset, sum(trunc(amount, 8)) AS sum FROM chain_deposits
                          WHERE status = 'credited' GROUP BY user_id, asset) c
                ON c.user_id = w.user_id AND c.asset = w.coin_symbol
              LEFT JOIN (SELECT user_id, asset, sum(amount + fee) AS sum FROM chain_withdrawals
                          WHERE status NOT IN ('cancelled', 'rejected', 'failed') GROUP BY user_id, asset) x
                ON x.user_id = w.user_id AND x.asset = w.coin_symbol
              LEFT JOIN (SELECT o.user_id, m.base,
                                sum(CASE o.side WHEN 'buy' THEN 1 ELSE -1 END * o.filled_lots * m.lot_size) AS net
                           FROM spot_orders o JOIN spot_markets m ON m.symbol = o.market
                          GROUP BY o.user_id, m.base) s
                ON s.user_id = w.user_id AND s.base = w.coin_symbol
              LEFT JOIN (SELECT user_id, asset, sum(amount) AS sum FROM ledger_entries
                          WHERE operation_type = 'house_funding' AND account = 'user'
                          GROUP BY user_id, asset) f
                ON f.user_id = w.user_id AND f.asset = w.coin_symbol)
          SELECT user_id AS who, coin_symbol, total::text AS balance, derived::text FROM derived
           WHERE total <> derived`,
  },
  {
    // Hold 2; released (cancel, reject, failed) 2 more; completed: user_held −total,
    // chain_clearing +amount, house +fee (no house entry for a zero fee).
    name: 'crypto withdrawal without exactly its ledger entries',
    sql: `SELECT w.id AS who, w.status, count(l.id) AS entries FROM chain_withdrawals w
            LEFT JOIN ledger_entries l ON l.operation_id = w.id
           GROUP BY w.id, w.status, w.amount, w.fee, w.user_id, w.asset
          HAVING NOT (
                 count(l.id) = CASE WHEN w.status IN ('pending', 'approved', 'signed', 'broadcast') THEN 2
                                    WHEN w.status = 'completed' THEN 4 + (CASE WHEN w.fee > 0 THEN 1 ELSE 0 END)
                                    ELSE 4 END
             AND bool_and(l.asset = w.asset)
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'chain_withdrawal_hold'
                                                  AND l.account = 'user' AND l.user_id = w.user_id), 0) = -(w.amount + w.fee)
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'chain_withdrawal_release'
                                                  AND l.account = 'user' AND l.user_id = w.user_id), 0)
                 = CASE WHEN w.status IN ('cancelled', 'rejected', 'failed') THEN w.amount + w.fee ELSE 0 END
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'chain_withdrawal_payout'
                                                  AND l.account = 'chain_clearing'), 0)
                 = CASE WHEN w.status = 'completed' THEN w.amount ELSE 0 END
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'chain_withdrawal_payout'
                                                  AND l.account = 'house'), 0)
                 = CASE WHEN w.status = 'completed' THEN w.fee ELSE 0 END)`,
  },
  {
    // The database hands out the hot wallet's nonces: never one twice, never a gap behind
    // the stored next one, and the next one is past every signed transaction.
    name: 'hot wallet nonces reused, or the stored next nonce behind a signed one',
    sql: `SELECT w.chain_id::text || '/' || w.from_address AS who, w.nonce, count(*) AS n
            FROM chain_withdrawals w WHERE w.nonce IS NOT NULL
           GROUP BY w.chain_id, w.from_address, w.nonce HAVING count(*) > 1
          UNION ALL
          SELECT n.chain_id::text || '/' || n.address, n.next_nonce, max(w.nonce)
            FROM chain_nonces n JOIN chain_withdrawals w ON w.chain_id = n.chain_id AND w.from_address = n.address
           GROUP BY n.chain_id, n.address, n.next_nonce HAVING max(w.nonce) >= n.next_nonce`,
  },
  {
    // Credited: user +credited, chain_clearing −credited in the deposit's asset, where the
    // credited amount is the amount cut (never rounded up) to 8 places; else no entries.
    name: 'chain deposit without exactly its ledger entries',
    sql: `SELECT d.tx_hash || '/' || d.log_index AS who, d.status, count(l.id) AS entries
            FROM chain_deposits d
            LEFT JOIN ledger_entries l ON l.operation_id = d.id
           GROUP BY d.id, d.tx_hash, d.log_index, d.status, d.amount, d.credited_amount, d.user_id, d.asset
          HAVING CASE WHEN d.status = 'credited' THEN NOT (
                   count(l.id) = 2
               AND d.credited_amount = trunc(d.amount, 8)
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'user' AND l.asset = d.asset
                                                    AND l.user_id = d.user_id), 0) = d.credited_amount
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'chain_clearing' AND l.asset = d.asset), 0)
                   = -d.credited_amount)
                 ELSE count(l.id) > 0 END`,
  },
  {
    name: 'approved deposit without exactly its two ledger entries',
    sql: `SELECT d.id AS who, d.status, count(l.id) AS entries FROM deposits d
            LEFT JOIN ledger_entries l ON l.operation_id = d.id
           GROUP BY d.id, d.status, d.amount, d.user_id
          HAVING CASE WHEN d.status = 'approved' THEN NOT (
                   count(l.id) = 2
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'user' AND l.user_id = d.user_id), 0) = d.amount
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'bank_clearing'), 0) = -d.amount)
                 ELSE count(l.id) > 0 END`,
  },
  {
    name: 'completed trade without exactly its four ledger entries',
    sql: `SELECT t.id AS who, t.type, count(l.id) AS entries FROM trades t
            LEFT JOIN ledger_entries l ON l.operation_id = t.id
           WHERE t.status = 'completed'
           GROUP BY t.id, t.type, t.amount, t.total, t.user_id
          HAVING NOT (count(l.id) = 4 + (CASE WHEN t.tds > 0 THEN 1 ELSE 0 END)
                                      - (CASE WHEN t.type = 'sell' AND t.tds = t.total THEN 1 ELSE 0 END)
             AND coalesce(sum(l.amount) FILTER (WHERE l.asset = 'USDT' AND l.account = 'user' AND l.user_id = t.user_id), 0)
                 = CASE t.type WHEN 'buy' THEN t.amount ELSE -t.amount END
             AND coalesce(sum(l.amount) FILTER (WHERE l.asset = 'INR' AND l.account = 'user' AND l.user_id = t.user_id), 0)
                 = CASE t.type WHEN 'buy' THEN -t.total ELSE t.total - t.tds END
             AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'tds_payable'), 0) = t.tds
             AND coalesce(sum(l.amount) FILTER (WHERE l.asset = 'INR' AND l.account = 'house'), 0)
                 = CASE t.type WHEN 'buy' THEN t.total ELSE -t.total END)`,
  },
  {
    // Migration 015: TDS under section 194S, withheld from sells only, rounded up to the paisa
    // from the gross at some rate below 1; the tds_payable account holds exactly their sum.
    name: 'TDS on a buy, above the total, or tds_payable differs from the trades’ TDS',
    sql: `SELECT id::text AS who, type, total::text, tds::text FROM trades
           WHERE tds < 0 OR tds > total OR (type = 'buy' AND tds <> 0)
          UNION ALL
          SELECT 'tds_payable', 'sum', coalesce((SELECT sum(amount) FROM ledger_entries WHERE account = 'tds_payable'), 0)::text,
                 (coalesce((SELECT sum(tds) FROM trades WHERE status = 'completed'), 0)
                  + coalesce((SELECT sum(tds) FROM spot_orders), 0))::text
           WHERE coalesce((SELECT sum(amount) FROM ledger_entries WHERE account = 'tds_payable'), 0)
              <> coalesce((SELECT sum(tds) FROM trades WHERE status = 'completed'), 0)
               + coalesce((SELECT sum(tds) FROM spot_orders), 0)`,
  },
  {
    // Migration 015: the statement's running balances, re-derived in id order.
    name: 'stored balance_after differs from the running sum of its account',
    sql: `SELECT id AS who, balance_after::text AS stored, running::text
            FROM (SELECT id, balance_after,
                         sum(amount) OVER (PARTITION BY user_id, account, asset ORDER BY id) AS running
                    FROM ledger_entries WHERE user_id IS NOT NULL) r
           WHERE balance_after IS DISTINCT FROM running`,
  },
  {
    // A request holds (2 entries); a cancel or reject releases (2 more), a payout pays (2 more).
    name: 'withdrawal without exactly its ledger entries',
    sql: `SELECT w.id AS who, w.status, count(l.id) AS entries FROM withdrawals w
            LEFT JOIN ledger_entries l ON l.operation_id = w.id
           GROUP BY w.id, w.status, w.amount, w.user_id
          HAVING NOT (
                 count(l.id) = CASE w.status WHEN 'pending' THEN 2 ELSE 4 END
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'withdrawal_hold' AND l.account = 'user'
                                                  AND l.user_id = w.user_id), 0) = -w.amount
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'withdrawal_hold' AND l.account = 'user_held'
                                                  AND l.user_id = w.user_id), 0) = w.amount
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'withdrawal_release'
                                                  AND l.account = 'user'), 0)
                 = CASE WHEN w.status IN ('cancelled', 'rejected') THEN w.amount ELSE 0 END
             AND coalesce(sum(l.amount) FILTER (WHERE l.operation_type = 'withdrawal_payout'
                                                  AND l.account = 'bank_payout'), 0)
                 = CASE WHEN w.status = 'paid' THEN w.amount ELSE 0 END)`,
  },
  {
    name: 'ledger entry of no deposit, trade, withdrawal, chain deposit, crypto withdrawal or spot fill',
    sql: `SELECT l.id AS who, l.operation_type FROM ledger_entries l
           WHERE NOT EXISTS (SELECT 1 FROM deposits d WHERE d.id = l.operation_id AND l.operation_type = 'deposit')
             AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.id = l.operation_id
                              AND l.operation_type = 'trade_' || t.type)
             AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.id = l.operation_id
                              AND l.operation_type IN ('withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'))
             AND NOT EXISTS (SELECT 1 FROM chain_deposits c WHERE c.id = l.operation_id
                              AND l.operation_type = 'chain_deposit')
             AND NOT EXISTS (SELECT 1 FROM chain_withdrawals x WHERE x.id = l.operation_id
                              AND l.operation_type IN ('chain_withdrawal_hold', 'chain_withdrawal_release',
                                                       'chain_withdrawal_payout'))
             AND NOT EXISTS (SELECT 1 FROM spot_fills f WHERE f.id = l.operation_id
                              AND l.operation_type = 'spot_fill')
             AND NOT (l.operation_type = 'house_funding' AND l.account IN ('user', 'house'))`,
  },
  {
    // Migration 021: a fill moves its quantity from seller to buyer, and the INR each side's
    // order recorded for it; the house and tds_payable take exactly the rest.
    name: 'spot fill without exactly its ledger entries',
    sql: `SELECT f.id AS who FROM spot_fills f
            JOIN spot_markets m ON m.symbol = f.market
            JOIN spot_orders t ON t.id = f.taker_order_id
            JOIN spot_orders k ON k.id = f.maker_order_id
            LEFT JOIN ledger_entries l ON l.operation_id = f.id
           GROUP BY f.id, f.quantity, f.buyer_paid, f.buyer_fee, f.seller_received, f.seller_fee,
                    f.seller_tds, m.base, t.user_id, k.user_id, t.side
          HAVING coalesce(sum(l.amount) FILTER (WHERE l.asset = m.base AND l.account = 'user'
                   AND l.user_id = CASE t.side WHEN 'buy' THEN t.user_id ELSE k.user_id END), 0) <> f.quantity
              OR coalesce(sum(l.amount) FILTER (WHERE l.asset = m.base AND l.account = 'user'
                   AND l.user_id = CASE t.side WHEN 'sell' THEN t.user_id ELSE k.user_id END), 0) <> -f.quantity
              OR coalesce(sum(l.amount) FILTER (WHERE l.asset = 'INR' AND l.account = 'user'
                   AND l.user_id = CASE t.side WHEN 'buy' THEN t.user_id ELSE k.user_id END), 0)
                 <> -(f.buyer_paid + f.buyer_fee)
              OR coalesce(sum(l.amount) FILTER (WHERE l.asset = 'INR' AND l.account = 'user'
                   AND l.user_id = CASE t.side WHEN 'sell' THEN t.user_id ELSE k.user_id END), 0)
                 <> f.seller_received - f.seller_fee - f.seller_tds
              OR coalesce(sum(l.amount) FILTER (WHERE l.account = 'tds_payable'), 0) <> f.seller_tds`,
  },
  {
    // The house's rounding (migration 011): a buyer pays the exact value rounded up to the
    // paisa, a seller receives it rounded down. Written out here, not through trade_total(),
    // so a wrong function cannot vouch for itself.
    name: 'trade total is not amount × price rounded in the house’s favour',
    sql: `SELECT id AS who, total::text FROM trades
           WHERE total <> CASE type WHEN 'buy' THEN ceil(amount * price * 100) / 100
                                    ELSE floor(amount * price * 100) / 100 END`,
  },
  {
    name: 'trade counters differ from the trades',
    sql: `SELECT coalesce(c.user_id, t.user_id) AS who, coalesce(c.status, t.status) AS status,
                 coalesce(c.type, t.type) AS type, c.n AS counted, t.n AS actual
            FROM trade_counts c
            FULL JOIN (SELECT user_id, status, type, count(*) AS n FROM trades GROUP BY user_id, status, type) t
              ON t.user_id = c.user_id AND t.status = c.status AND t.type = c.type
           WHERE coalesce(c.n, 0) <> coalesce(t.n, 0)`,
  },
];

export async function checkLedgerInvariants(db: Queryable): Promise<string[]> {
  const violations: string[] = [];
  for (const check of CHECKS) {
    const rows = await db.query(check.sql);
    for (const row of rows.slice(0, 20)) violations.push(`${check.name}: ${JSON.stringify(row)}`);
    if (rows.length > 20) violations.push(`${check.name}: … and ${rows.length - 20} more`);
  }
  return violations;
}

/** Per-asset sums of every account, as decimal strings, for the tests' one-line figures. */
export async function ledgerTotals(
  db: Queryable,
): Promise<Array<{ asset: string; account: string; sum: string; entries: string }>> {
  return db.query(
    `SELECT asset, account, sum(amount)::text AS sum, count(*)::text AS entries
       FROM ledger_entries GROUP BY asset, account ORDER BY asset, account`,
  );
}
