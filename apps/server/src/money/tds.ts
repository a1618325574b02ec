import type { Queryable } from '../db/index.ts';
import { csvLine, csvText } from './csv.ts';

/*
 * TDS under section 194S (issue 14). Every USDT sell withholds TDS_RATE of its gross INR into
 * the 'tds_payable' ledger account (migration 015); trades.tds keeps each sell's figure. These
 * are the quarterly read-outs: the user's own statement (a Form 16E-like list of the sells,
 * the consideration and the TDS, with the deductee's PAN) and the admin's per-user totals
 * for the quarterly return.
 */

export interface Quarter {
  /** as asked, e.g. '2026-Q3' */
  label: string;
  /** first and first-after India calendar dates, YYYY-MM-DD */
  from: string;
  until: string;
  /** the same quarter in India's financial year (April to March), e.g. 'FY 2026-27 Q2' */
  financialYear: string;
}

/** A calendar quarter 'YYYY-Qn' (validated by tdsQuarterQuerySchema): Q3 = July to September. */
export function parseQuarter(label: string): Quarter {
  const year = Number(label.slice(0, 4));
  const q = Number(label.slice(-1));
  const month = (q - 1) * 3 + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  const from = `${year}-${pad(month)}-01`;
  const until = q === 4 ? `${year + 1}-01-01` : `${year}-${pad(month + 3)}-01`;
  // India's financial year starts in April: Jan–Mar is Q4 of the year that began last April.
  const fyStart = q === 1 ? year - 1 : year;
  const fyQuarter = q === 1 ? 4 : q - 1;
  const financialYear = `FY ${fyStart}-${pad((fyStart + 1) % 100)} Q${fyQuarter}`;
  return { label, from, until, financialYear };
}

// Bounds of a quarter as instants: 00:00 IST of its first day and of the next quarter's.
const inQuarter = (from: string, until: string) =>
  `t.created_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
   AND t.created_at < (${until}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
const GROUPED = (column: string) => `to_char(${column}, 'FM9,99,99,99,99,99,99,99,990.00')`;

const explain = (quarter: Quarter, what: string): string =>
  csvLine([
    `${what} for ${quarter.label} (${quarter.from} to before ${quarter.until}; ${quarter.financialYear}). TDS under section 194S of the Income-tax Act on USDT sold. Dates are IST (UTC+05:30); amounts in INR with Indian digit grouping (1,23,456.78).`,
  ]);

interface UserTdsRow {
  [key: string]: unknown;
  id: string;
  at: string;
  amount: string;
  price: string;
  consideration: string;
  tds: string;
  net: string;
}

/**
 * The user's TDS statement for a quarter as CSV: one line per completed sell, then the
 * totals. The PAN is the user's own, shown in full to its owner as on a Form 16E; it is empty
 * when the KYC stored none.
 */
export async function userTdsCsv(db: Queryable, userId: string, quarter: Quarter): Promise<string> {
  const [who] = await db.query<{ full_name: string; pan: string | null }>(
    `SELECT full_name, pan_number AS pan FROM users WHERE id = $1`,
    [userId],
  );
  const rows = await db.query<UserTdsRow>(
    `SELECT t.id::text AS id,
            to_char(t.created_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI:SS') AS at,
            t.amount::text AS amount, t.price::text AS price,
            ${GROUPED('t.total')} AS consideration, ${GROUPED('t.tds')} AS tds,
            ${GROUPED('t.net')} AS net
       FROM trades t
      WHERE t.user_id = $1 AND t.type = 'sell' AND t.status = 'completed' AND ${inQuarter('$2', '$3')}
      ORDER BY t.created_at, t.id`,
    [userId, quarter.from, quarter.until],
  );
  const [totals] = await db.query<{ consideration: string; tds: string; net: string }>(
    `SELECT ${GROUPED('coalesce(sum(t.total), 0)')} AS consideration,
            ${GROUPED('coalesce(sum(t.tds), 0)')} AS tds, ${GROUPED('coalesce(sum(t.net), 0)')} AS net
       FROM trades t
      WHERE t.user_id = $1 AND t.type = 'sell' AND t.status = 'completed' AND ${inQuarter('$2', '$3')}`,
    [userId, quarter.from, quarter.until],
  );
  const pan = who?.pan ?? '';
  let out = explain(quarter, 'TDS statement');
  out += csvLine([`Deductee: ${csvText(who?.full_name ?? '')}`, `PAN: ${pan}`]);
  out += csvLine([
    'Trade id',
    'Date (IST)',
    'USDT sold',
    'Price (INR per USDT)',
    'Consideration (INR)',
    'TDS (INR)',
    'Net credited (INR)',
    'PAN',
  ]);
  for (const r of rows) {
    out += csvLine([r.id, r.at, r.amount, r.price, r.consideration, r.tds, r.net, pan]);
  }
  out += csvLine(['Total', '', '', '', totals!.consideration, totals!.tds, totals!.net, pan]);
  return out;
}

interface AdminTdsRow {
  [key: string]: unknown;
  user_id: string;
  full_name: string;
  email: string;
  pan: string | null;
  sells: string;
  consideration: string;
  tds: string;
}

/**
 * Every user's TDS for a quarter, for the quarterly return: one line per user with sells in
 * the quarter (PAN, number of sells, consideration, TDS), then the grand total, which equals
 * what the quarter's sells credited to the tds_payable account.
 */
export async function adminTdsCsv(db: Queryable, quarter: Quarter): Promise<string> {
  const rows = await db.query<AdminTdsRow>(
    `SELECT u.id::text AS user_id, u.full_name, u.email, u.pan_number AS pan,
            s.sells::text AS sells, ${GROUPED('s.consideration')} AS consideration,
            ${GROUPED('s.tds')} AS tds
       FROM (SELECT t.user_id, count(*) AS sells, sum(t.total) AS consideration, sum(t.tds) AS tds
               FROM trades t
              WHERE t.type = 'sell' AND t.status = 'completed' AND ${inQuarter('$1', '$2')}
              GROUP BY t.user_id) s
       JOIN users u ON u.id = s.user_id
      ORDER BY u.full_name, u.id`,
    [quarter.from, quarter.until],
  );
  const [totals] = await db.query<{ sells: string; consideration: string; tds: string }>(
    `SELECT count(*)::text AS sells, ${GROUPED('coalesce(sum(t.total), 0)')} AS consideration,
            ${GROUPED('coalesce(sum(t.tds), 0)')} AS tds
       FROM trades t
      WHERE t.type = 'sell' AND t.status = 'completed' AND ${inQuarter('$1', '$2')}`,
    [quarter.from, quarter.until],
  );
  let out = explain(quarter, 'TDS deducted per deductee');
  out += csvLine(['User id', 'Name', 'E-mail', 'PAN', 'Sells', 'Consideration (INR)', 'TDS (INR)']);
  for (const r of rows) {
    out += csvLine([
      r.user_id,
      csvText(r.full_name),
      csvText(r.email),
      r.pan ?? '',
      r.sells,
      r.consideration,
      r.tds,
    ]);
  }
  out += csvLine(['Total', '', '', '', totals!.sells, totals!.consideration, totals!.tds]);
  return out;
}
