import type { Queryable } from '../../apps/server/src/db/index.ts';

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
    name: 'user ledger entries without a wallet row',
    sql: `SELECT DISTINCT l.user_id AS who FROM ledger_entries l
           WHERE l.asset = 'USDT' AND l.account = 'user'
             AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = l.user_id AND w.coin_symbol = 'USDT')`,
  },
  {
    name: 'negative balance',
    sql: `SELECT id AS who, balance::text AS balance, 'INR' AS asset FROM users WHERE balance < 0
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
    name: 'INR balance differs from approved deposits − buys + sells',
    sql: `SELECT u.id AS who, u.balance::text AS balance, (coalesce(d.sum, 0) - coalesce(t.buys, 0) + coalesce(t.sells, 0))::text AS derived
            FROM users u
            LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM deposits WHERE status = 'approved' GROUP BY user_id) d
              ON d.user_id = u.id
            LEFT JOIN (SELECT user_id,
                              sum(total) FILTER (WHERE type = 'buy') AS buys,
                              sum(total) FILTER (WHERE type = 'sell') AS sells
                         FROM trades WHERE status = 'completed' GROUP BY user_id) t ON t.user_id = u.id
           WHERE u.balance <> coalesce(d.sum, 0) - coalesce(t.buys, 0) + coalesce(t.sells, 0)`,
  },
  {
    name: 'USDT balance differs from bought − sold',
    sql: `SELECT w.user_id AS who, w.balance::text AS balance, (coalesce(t.bought, 0) - coalesce(t.sold, 0))::text AS derived
            FROM wallets w
            LEFT JOIN (SELECT user_id,
                              sum(amount) FILTER (WHERE type = 'buy') AS bought,
                              sum(amount) FILTER (WHERE type = 'sell') AS sold
                         FROM trades WHERE status = 'completed' GROUP BY user_id) t ON t.user_id = w.user_id
           WHERE w.coin_symbol = 'USDT' AND w.balance <> coalesce(t.bought, 0) - coalesce(t.sold, 0)`,
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
          HAVING NOT (count(l.id) = 4
             AND coalesce(sum(l.amount) FILTER (WHERE l.asset = 'USDT' AND l.account = 'user' AND l.user_id = t.user_id), 0)
                 = CASE t.type WHEN 'buy' THEN t.amount ELSE -t.amount END
             AND coalesce(sum(l.amount) FILTER (WHERE l.asset = 'INR' AND l.account = 'user' AND l.user_id = t.user_id), 0)
                 = CASE t.type WHEN 'buy' THEN -t.total ELSE t.total END)`,
  },
  {
    name: 'ledger entry of no deposit or trade',
    sql: `SELECT l.id AS who, l.operation_type FROM ledger_entries l
           WHERE NOT EXISTS (SELECT 1 FROM deposits d WHERE d.id = l.operation_id AND l.operation_type = 'deposit')
             AND NOT EXISTS (SELECT 1 FROM trades t WHERE t.id = l.operation_id
                              AND l.operation_type = 'trade_' || t.type)`,
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
