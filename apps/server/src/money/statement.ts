import {
  STATEMENT_PAGE_SIZE,
  type StatementEntry,
  type StatementEntryType,
  type StatementFilter,
  type StatementTypeFilter,
} from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { Where } from '../db/query-helpers.ts';
import { csvLine } from './csv.ts';

/*
 * The account statement (issue 14): every entry of the user's own ledger accounts, newest
 * first. Each entry carries the balance of its account and asset right after it, stored by
 * migration 015's trigger, so a page costs an index range scan whatever the filters and the
 * history's length; ordering is by the ledger id (the order the user's lock let the entries
 * in), which is the order the stored balances follow.
 */

const TYPE_GROUPS: Record<StatementTypeFilter, readonly StatementEntryType[]> = {
  deposit: ['deposit'],
  trade_buy: ['trade_buy'],
  trade_sell: ['trade_sell'],
  withdrawal_hold: ['withdrawal_hold'],
  withdrawal_release: ['withdrawal_release'],
  withdrawal_payout: ['withdrawal_payout'],
  trade: ['trade_buy', 'trade_sell'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'],
  chain_deposit: ['chain_deposit'],
  chain_withdrawal_hold: ['chain_withdrawal_hold'],
  chain_withdrawal_release: ['chain_withdrawal_release'],
  chain_withdrawal_payout: ['chain_withdrawal_payout'],
  chain_withdrawal: [
    'chain_withdrawal_hold',
    'chain_withdrawal_release',
    'chain_withdrawal_payout',
  ],
};

interface EntryRow {
  [key: string]: unknown;
  id: string;
  created_at: Date;
  operation_type: StatementEntryType;
  operation_id: string;
  account: 'user' | 'user_held';
  asset: 'INR' | 'USDT' | 'ETH';
  amount: string;
  balance_after: string;
  tds: string | null;
}

/** The WHERE of the user's entries under the filters; `l` is ledger_entries. */
function filterWhere(userId: string, filter: StatementFilter): Where {
  // A range, not '=': see NEWEST_FIRST.
  const where = new Where().add('l.user_id >= ?', userId).add('l.user_id <= ?', userId);
  if (filter.asset) where.add('l.asset = ?', filter.asset);
  if (filter.type) where.add('l.operation_type = ANY(?::text[])', [...TYPE_GROUPS[filter.type]]);
  // Inclusive India calendar dates: from 00:00 IST of `from` to before 00:00 IST after `to`.
  if (filter.from) {
    where.add(`l.created_at >= (?::date::timestamp AT TIME ZONE 'Asia/Kolkata')`, filter.from);
  }
  if (filter.to) {
    where.add(`l.created_at < ((?::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')`, filter.to);
  }
  return where;
}

/*
 * Newest first, through the user's own index, always. With 'l.user_id = ?' PostgreSQL drops
 * user_id from the ordering (it is a constant) and may walk the whole ledger backwards by its
 * primary key, filtering for the user: fast for a busy user, a scan of everything newer for
 * one whose entries are old (measured: 50 ms at 1M rows). Bounding user_id by a range keeps
 * it in the ordering, which only (user_id, id) or (user_id, asset, id) can give.
 */
const NEWEST_FIRST = 'ORDER BY l.user_id DESC, l.id DESC';

// INR entries are rupees with 2 places; the column keeps 8 for USDT and ETH.
const AMOUNT = `CASE l.asset WHEN 'INR' THEN round(l.amount, 2)::text ELSE l.amount::text END`;
const BALANCE = `CASE l.asset WHEN 'INR' THEN round(l.balance_after, 2)::text ELSE l.balance_after::text END`;
// The sell's TDS, for the sell's INR credit only (one trades row by primary key).
const TDS_JOIN = `LEFT JOIN trades t ON l.operation_type = 'trade_sell' AND l.asset = 'INR'
                   AND l.account = 'user' AND t.id = l.operation_id`;

const LINK_KIND: Record<StatementEntryType, StatementEntry['link']['kind']> = {
  deposit: 'deposit',
  trade_buy: 'trade',
  trade_sell: 'trade',
  withdrawal_hold: 'withdrawal',
  withdrawal_release: 'withdrawal',
  withdrawal_payout: 'withdrawal',
  chain_deposit: 'crypto_deposit',
  chain_withdrawal_hold: 'crypto_withdrawal',
  chain_withdrawal_release: 'crypto_withdrawal',
  chain_withdrawal_payout: 'crypto_withdrawal',
};

const toEntry = (r: EntryRow): StatementEntry => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  type: r.operation_type,
  account: r.account === 'user_held' ? 'held' : 'available',
  asset: r.asset,
  amount: r.amount,
  balanceAfter: r.balance_after,
  tds: r.tds,
  link: { kind: LINK_KIND[r.operation_type], id: r.operation_id },
});

/** One page of the user's statement, newest first; hasMore instead of a count, which grows with the ledger. */
export async function statementPage(
  db: Queryable,
  userId: string,
  filter: StatementFilter,
  page: number,
): Promise<{ entries: StatementEntry[]; hasMore: boolean }> {
  const where = filterWhere(userId, filter);
  const limit = where.next(STATEMENT_PAGE_SIZE + 1);
  const offset = where.next((page - 1) * STATEMENT_PAGE_SIZE);
  const rows = await db.query<EntryRow>(
    `SELECT l.id::text AS id, l.created_at, l.operation_type, l.operation_id, l.account, l.asset,
            ${AMOUNT} AS amount, ${BALANCE} AS balance_after, t.tds::text AS tds
       FROM ledger_entries l ${TDS_JOIN}
      ${where}
      ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}`,
    where.params,
  );
  return {
    entries: rows.slice(0, STATEMENT_PAGE_SIZE).map(toEntry),
    hasMore: rows.length > STATEMENT_PAGE_SIZE,
  };
}

/** Rows per query of the CSV export: memory holds one batch, whatever the statement's length. */
export const STATEMENT_CSV_BATCH = 1000;

export const STATEMENT_CSV_PREAMBLE = [
  csvLine([
    'Sikka account statement. Dates and times are India Standard Time (IST, UTC+05:30), DD-MM-YYYY HH:MM:SS.',
  ]),
  csvLine([
    'Amounts use Indian digit grouping: 1,23,456.78 is one lakh twenty-three thousand four hundred fifty-six rupees seventy-eight paise; 1,00,00,000.00 is one crore. INR has 2 decimal places, USDT and ETH 8. A minus sign is money out.',
  ]),
  csvLine([
    'Date (IST)',
    'Entry id',
    'Type',
    'Account',
    'Asset',
    'Amount',
    'Balance after',
    'TDS withheld (INR)',
    'Reference',
  ]),
].join('');

// Indian grouping by to_char (the pattern 011 uses for messages); enough 9s for numeric(30,8).
const GROUPED_INR = `to_char(round(l.amount, 2), 'FM9,99,99,99,99,99,99,99,99,99,990.00')`;
const GROUPED_USDT = `to_char(l.amount, 'FM9,99,99,99,99,99,99,99,99,99,990.00000000')`;
const GROUPED_BALANCE_INR = `to_char(round(l.balance_after, 2), 'FM9,99,99,99,99,99,99,99,99,99,990.00')`;
const GROUPED_BALANCE_USDT = `to_char(l.balance_after, 'FM9,99,99,99,99,99,99,99,99,99,990.00000000')`;

interface CsvRow {
  [key: string]: unknown;
  id: string;
  at: string;
  operation_type: string;
  account: string;
  asset: string;
  amount: string;
  balance_after: string;
  tds: string | null;
  operation_id: string;
}

/**
 * The statement as CSV lines under the filters, newest first, read in keyset batches
 * (l.id < the last id sent) so each query is an index range scan and only one batch is held
 * in memory. The entries are append-only and one user's ids only grow, so batches read at
 * different moments still form one consistent statement (up to the first batch's newest id).
 */
export async function* statementCsv(
  db: Queryable,
  userId: string,
  filter: StatementFilter,
  batch = STATEMENT_CSV_BATCH,
): AsyncGenerator<string> {
  yield STATEMENT_CSV_PREAMBLE;
  let before: string | null = null;
  for (;;) {
    const where = filterWhere(userId, filter);
    if (before !== null) where.add('l.id < ?::bigint', before);
    const limit = where.next(batch);
    const rows: CsvRow[] = await db.query<CsvRow>(
      `SELECT l.id::text AS id,
              to_char(l.created_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI:SS') AS at,
              l.operation_type, l.account, l.asset, l.operation_id::text AS operation_id,
              CASE l.asset WHEN 'INR' THEN ${GROUPED_INR} ELSE ${GROUPED_USDT} END AS amount,
              CASE l.asset WHEN 'INR' THEN ${GROUPED_BALANCE_INR} ELSE ${GROUPED_BALANCE_USDT} END
                AS balance_after,
              to_char(t.tds, 'FM9,99,99,99,99,99,99,99,990.00') AS tds
         FROM ledger_entries l ${TDS_JOIN}
        ${where}
        ${NEWEST_FIRST} LIMIT ${limit}`,
      where.params,
    );
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.at,
        r.id,
        r.operation_type,
        r.account === 'user_held' ? 'held' : 'available',
        r.asset,
        r.amount,
        r.balance_after,
        r.tds ?? '',
        r.operation_id,
      ]);
    }
    yield chunk;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}
