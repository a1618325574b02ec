import { SIGN_IN_PAGE_SIZE, type SignInHistoryResponse } from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { isUuid } from '../db/query-helpers.ts';
import { notFound } from '../domain-error.ts';
import { describeDevice } from './devices.ts';
import type { ClientInfo } from './sessions.ts';

export type SignInMethod = 'password' | 'two_factor' | 'passkey';
export type SignInOutcome =
  'success' | 'wrong_password' | 'wrong_code' | 'throttled' | 'code_required';

/**
 * One sign-in attempt on the account with `email` (kept 90 days, housekeeping). The row is
 * written by one statement whether or not an account has the e-mail (an unknown one inserts
 * nothing), so the attempt costs the same either way.
 */
export async function recordSignInByEmail(
  db: Queryable,
  email: string,
  client: ClientInfo,
  method: SignInMethod,
  outcome: SignInOutcome,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_events (user_id, created_at, ip, user_agent, method, outcome)
     SELECT id, $2, $3, $4, $5, $6 FROM users WHERE email = $1`,
    [email, now, client.ip, client.userAgent.slice(0, 400), method, outcome],
  );
}

export async function recordSignIn(
  db: Queryable,
  userId: string,
  client: ClientInfo,
  method: SignInMethod,
  outcome: SignInOutcome,
  now: Date,
  newDevice = false,
): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_events (user_id, created_at, ip, user_agent, method, outcome, new_device)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, now, client.ip, client.userAgent.slice(0, 400), method, outcome, newDevice],
  );
}

/** The user's sign-in history of the last 90 days, newest first, a page at a time. */
export async function listSignIns(
  db: Queryable,
  userId: string,
  page: number,
  now: Date,
  historyDays: number,
): Promise<SignInHistoryResponse> {
  const since = new Date(now.getTime() - historyDays * 24 * 60 * 60 * 1000);
  const rows = await db.query<{
    id: string;
    created_at: Date;
    ip: string;
    user_agent: string;
    method: SignInMethod;
    outcome: SignInOutcome;
    new_device: boolean;
    total: number;
  }>(
    `SELECT id::text AS id, created_at, ip, user_agent, method, outcome, new_device,
            count(*) OVER ()::int AS total
       FROM sign_in_events WHERE user_id = $1 AND created_at > $2
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [userId, since, SIGN_IN_PAGE_SIZE, (page - 1) * SIGN_IN_PAGE_SIZE],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const count = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sign_in_events WHERE user_id = $1 AND created_at > $2',
      [userId, since],
    );
    total = count[0]?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      ip: r.ip,
      device: describeDevice(r.user_agent),
      method: r.method,
      outcome: r.outcome,
      newDevice: r.new_device,
    })),
    total,
    page,
    pageSize: SIGN_IN_PAGE_SIZE,
  };
}

/** Any user's history, for the admin: an unknown or malformed id is not found. */
export async function listSignInsOf(
  db: Queryable,
  userId: string,
  page: number,
  now: Date,
  historyDays: number,
): Promise<SignInHistoryResponse> {
  if (!isUuid(userId)) throw notFound();
  const exists = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (exists.length === 0) throw notFound();
  return listSignIns(db, userId, page, now, historyDays);
}
