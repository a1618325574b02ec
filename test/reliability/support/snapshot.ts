import type { Queryable } from '../../support/server.ts';

/**
 * The state that must not move behind the API's back: who is admin, balances, KYC status,
 * profiles, deposits, trades, the ledger, sessions and KYC documents, one entry per row
 * ("users:<id>" → its values as JSON). Diff two snapshots to see exactly what a request changed.
 */
export type Snapshot = Map<string, string>;

const TABLES: Array<[string, string]> = [
  [
    'users',
    `SELECT id::text AS k, json_build_array(email, role, balance::text, kyc_status, full_name, phone,
            kyc_submitted_at, kyc_verified_at, kyc_front_url, kyc_document_number)::text AS v FROM users`,
  ],
  ['wallets', `SELECT user_id::text || '/' || coin_symbol AS k, balance::text AS v FROM wallets`],
  [
    'deposits',
    `SELECT id::text AS k, json_build_array(user_id, amount::text, status, utr_number)::text AS v FROM deposits`,
  ],
  [
    'trades',
    `SELECT id::text AS k, json_build_array(user_id, type, amount::text, price::text, total::text)::text AS v FROM trades`,
  ],
  [
    'ledger',
    `SELECT 'all' AS k, count(*)::text || ' ' || coalesce(sum(amount), 0)::text AS v FROM ledger_entries`,
  ],
  ['sessions', `SELECT token_hash AS k, user_id::text AS v FROM sessions`],
];

export async function snapshot(db: Queryable): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const [name, sql] of TABLES) {
    for (const row of await db.query<{ k: string; v: string }>(sql))
      out.set(`${name}:${row.k}`, row.v);
  }
  return out;
}

export interface Change {
  key: string;
  before: string | undefined;
  after: string | undefined;
}

/** Rows added, removed or changed between two snapshots. */
export function diff(before: Snapshot, after: Snapshot, ignore: RegExp = /^$/): Change[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((k) => !ignore.test(k) && before.get(k) !== after.get(k))
    .map((key) => ({ key, before: before.get(key), after: after.get(key) }));
}
