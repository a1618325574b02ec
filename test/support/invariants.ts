import type { Queryable } from './server.ts';

/**
 * The money invariants of DESIGN.md §2, checked from the database alone. Each returns rows
 * only when something is wrong, so the result is a list of human-readable violations
 * (empty = all hold). All arithmetic is SQL numeric: exact, no floats.
 */
const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'INR balance differs from its ledger sum',
    sql: `SELECT u.id AS who, u.balance::text AS balance, coalesce(l.sum, 0)::text AS ledger
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user' AND asset = 'INR' GROUP BY user_id) l ON l.user_id = u.id
           WHERE u.balance <> coalesce(l.sum, 0)`,
  },
  {
    name: 'USDT balance differs from its ledger sum',
    sql: `SELECT w.user_id AS who, w.balance::text AS balance, coalesce(l.sum, 0)::text AS ledger
            FROM wallets w
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM ledger_entries
                        WHERE account = 'user' AND asset = 'USDT' GROUP BY user_id) l ON l.user_id = w.user_id
           WHERE w.coin_symbol = 'USDT' AND w.balance <> coalesce(l.sum, 0)`,
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
           WHERE l.asset = 'USDT' AND l.account = 'user'
             AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = l.user_id AND w.coin_symbol = 'USDT')`,
  },
  {
    name: 'negative balance',
    sql: `SELECT id AS who, balance::text AS balance, 'INR' AS asset FROM users WHERE balance < 0
          UNION ALL
          SELECT id, inr_held::text, 'INR held' FROM users WHERE inr_held < 0
          UNION ALL
          SELECT user_id, balance::text, coin_symbol FROM wallets WHERE balance < 0`,
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
    name: 'INR balance differs from approved deposits − buys + sells − withdrawals',
    sql: `SELECT u.id AS who, u.balance::text AS balance, (coalesce(d.sum, 0) - coalesce(t.buys, 0) + coalesce(t.sells, 0) - coalesce(wd.sum, 0))::text AS derived
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
           WHERE u.balance <> coalesce(d.sum, 0) - coalesce(t.buys, 0) + coalesce(t.sells, 0) - coalesce(wd.sum, 0)`,
  },
  {
    // Migration 017: USDT also arrives by chain deposits, credited once.
    name: 'USDT balance differs from bought − sold + credited chain deposits',
    sql: `SELECT w.user_id AS who, w.balance::text AS balance,
                 (coalesce(t.bought, 0) - coalesce(t.sold, 0) + coalesce(c.sum, 0))::text AS derived
            FROM wallets w
            LEFT JOIN (SELECT user_id,
                              sum(amount) FILTER (WHERE type = 'buy') AS bought,
                              sum(amount) FILTER (WHERE type = 'sell') AS sold
                         FROM trades WHERE status = 'completed' GROUP BY user_id) t ON t.user_id = w.user_id
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM chain_deposits WHERE status = 'credited'
                        GROUP BY user_id) c ON c.user_id = w.user_id
           WHERE w.coin_symbol = 'USDT'
             AND w.balance <> coalesce(t.bought, 0) - coalesce(t.sold, 0) + coalesce(c.sum, 0)`,
  },
  {
    // Credited: USDT user +amount, chain_clearing −amount; anything else: no entries at all.
    name: 'chain deposit without exactly its ledger entries',
    sql: `SELECT d.tx_hash || '/' || d.log_index AS who, d.status, count(l.id) AS entries
            FROM chain_deposits d
            LEFT JOIN ledger_entries l ON l.operation_id = d.id
           GROUP BY d.id, d.tx_hash, d.log_index, d.status, d.amount, d.user_id
          HAVING CASE WHEN d.status = 'credited' THEN NOT (
                   count(l.id) = 2
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'user' AND l.asset = 'USDT'
                                                    AND l.user_id = d.user_id), 0) = d.amount
               AND coalesce(sum(l.amount) FILTER (WHERE l.account = 'chain_clearing' AND l.asset = 'USDT'), 0)
                   = -d.amount)
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
                 coalesce((SELECT sum(tds) FROM trades WHERE status = 'completed'), 0)::text
           WHERE coalesce((SELECT sum(amount) FROM ledger_entries WHERE account = 'tds_payable'), 0)
              <> coalesce((SELECT sum(tds) FROM trades WHERE status = 'completed'), 0)`,
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
    name: 'ledger entry of no deposit, trade, withdrawal or chain deposit',
    sql: `SELECT l.id AS who, l.operation_type FROM ledger_entries l
           WHERE NOT EXISTS (SELECT 1 FROM deposits d WHERE d.id = l.operation_id AND l.operation_type = 'deposit')
             AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.id = l.operation_id
                              AND l.operation_type = 'trade_' || t.type)
             AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.id = l.operation_id
                              AND l.operation_type IN ('withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'))
             AND NOT EXISTS (SELECT 1 FROM chain_deposits c WHERE c.id = l.operation_id
                              AND l.operation_type = 'chain_deposit')`,
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
