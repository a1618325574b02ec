import type { Queryable } from '../db/index.ts';

// Failed logins are throttled by throttle.ts (ADR 008); only sign-up conflicts are counted here.
export type AttemptKind = 'signup_conflict';
/** Attempts older than this no longer count (and are deleted by src/housekeeping.ts). */
export const ATTEMPT_WINDOW_MS = 60 * 60 * 1000;

/** How many attempts of this kind one e-mail made in the hour before `now`. */
export async function recentAttempts(
  db: Queryable,
  kind: AttemptKind,
  email: string,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_attempts WHERE email = $1 AND kind = $2 AND created_at > $3`,
    [email, kind, new Date(now.getTime() - ATTEMPT_WINDOW_MS)],
  );
  return rows[0]?.n ?? 0;
}

export async function recordAttempt(
  db: Queryable,
  kind: AttemptKind,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO auth_attempts (kind, email, ip, created_at) VALUES ($1, $2, $3, $4)',
    [kind, email, ip, now],
  );
}
