import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';

/**
 * Login throttle (ADR 008). Failed logins slow down the one who fails, never lock the account:
 *
 * - per (e-mail, source): LOGIN_FREE_FAILURES_PER_SOURCE failures go through, then each further
 *   password check from that source for that e-mail must wait LOGIN_DELAY_BASE_MS, doubling
 *   with each failure, up to LOGIN_SOURCE_DELAY_MAX_MS;
 * - per e-mail, for sources the account never signed up or signed in from: the same after
 *   LOGIN_FREE_FAILURES_PER_ACCOUNT failures, up to LOGIN_ACCOUNT_DELAY_MAX_MS. It slows guessing
 *   spread over many addresses; the owner's known sources skip it.
 *
 * An attempt during a wait is refused before its password is checked. The attempt is counted as
 * a failure before the check (and given back on success), so parallel requests cannot all slip
 * through the same open slot. Keys are the typed e-mail, whether or not an account has it.
 */
export interface ThrottleSettings {
  freePerSource: number;
  freePerAccount: number;
  baseDelayMs: number;
  maxSourceDelayMs: number;
  maxAccountDelayMs: number;
  memoryMs: number;
}

/** The source column of the account-wide row. */
const ACCOUNT_ROW = '';
/** A source stays known this long after its last successful sign-in. */
export const KNOWN_SOURCE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export function throttleSettings(config: Config): ThrottleSettings {
  return {
    freePerSource: config.LOGIN_FREE_FAILURES_PER_SOURCE,
    freePerAccount: config.LOGIN_FREE_FAILURES_PER_ACCOUNT,
    baseDelayMs: config.LOGIN_DELAY_BASE_MS,
    maxSourceDelayMs: config.LOGIN_SOURCE_DELAY_MAX_MS,
    maxAccountDelayMs: config.LOGIN_ACCOUNT_DELAY_MAX_MS,
    memoryMs: config.LOGIN_FAILURE_MEMORY_MS,
  };
}

/** The wait (ms) before the next check once `failures` failures are counted. */
export function delayAfter(failures: number, free: number, base: number, max: number): number {
  if (failures < free) return 0;
  // 2^30 × base is past any cap; keeps the power finite.
  return Math.min(max, base * 2 ** Math.min(failures - free, 30));
}

/**
 * The throttle's notion of "where from": the client address, with an IPv6 address cut to its
 * /64 (one subscriber gets a whole /64, so finer keys would give an attacker 2^64 fresh starts)
 * and an IPv4-mapped IPv6 address read as the IPv4 one.
 */
export function loginSource(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const half = (part: string): string[] =>
    part === ''
      ? []
      : // An embedded IPv4 tail (…:a.b.c.d) fills two groups; only their count matters here.
        part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = half(head);
  const right = half(tail);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export async function isKnownSource(
  db: Queryable,
  email: string,
  source: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM login_known_sources k JOIN users u ON u.id = k.user_id
      WHERE u.email = $1 AND k.source = $2 AND k.forget_at > $3`,
    [email, source, now],
  );
  return rows.length > 0;
}

export type Claim = { allowed: true } | { allowed: false; retryAfterMs: number };

type ThrottleRow = {
  source: string;
  failures: number;
  next_attempt_at: Date | string;
  forget_at: Date | string;
};

/**
 * Asks to check one password for `email` from `source`. Refused with the time left when a wait
 * is running; otherwise counts the attempt as a failure (`loginSucceeded` gives it back) and sets
 * the next wait, all under row locks so instances and parallel requests agree.
 */
export async function claimLoginAttempt(
  db: Db,
  s: ThrottleSettings,
  email: string,
  source: string,
  knownSource: boolean,
  now: Date,
): Promise<Claim> {
  // Known sources are not held back by what strangers do elsewhere.
  const keys = knownSource ? [source] : [ACCOUNT_ROW, source];
  const forgetAt = new Date(now.getTime() + s.memoryMs);
  return db.transaction(async (tx) => {
    // Rows are created and locked in one order ('' first), so two logins never deadlock.
    await tx.query(
      `INSERT INTO login_throttle (email, source, failures, next_attempt_at, forget_at)
       SELECT $1, k, 0, $2, $2 FROM unnest($3::text[]) AS k ORDER BY k
       ON CONFLICT (email, source) DO NOTHING`,
      [email, now, keys],
    );
    const rows = await tx.query<ThrottleRow>(
      `SELECT source, failures, next_attempt_at, forget_at FROM login_throttle
        WHERE email = $1 AND source = ANY($2::text[]) ORDER BY source FOR UPDATE`,
      [email, keys],
    );
    let waitMs = 0;
    for (const row of rows) {
      if (new Date(row.forget_at) <= now) continue; // forgotten: no wait, counts from zero
      waitMs = Math.max(waitMs, new Date(row.next_attempt_at).getTime() - now.getTime());
    }
    if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs };
    for (const row of rows) {
      const failures = (new Date(row.forget_at) <= now ? 0 : row.failures) + 1;
      const delay =
        row.source === ACCOUNT_ROW
          ? delayAfter(failures, s.freePerAccount, s.baseDelayMs, s.maxAccountDelayMs)
          : delayAfter(failures, s.freePerSource, s.baseDelayMs, s.maxSourceDelayMs);
      await tx.query(
        `UPDATE login_throttle SET failures = $3, next_attempt_at = $4, forget_at = $5
          WHERE email = $1 AND source = $2`,
        [email, row.source, failures, new Date(now.getTime() + delay), forgetAt],
      );
    }
    return { allowed: true };
  });
}

/**
 * The password was right: the source starts afresh for this account and becomes known to it,
 * and the account-wide count gets back the failure it was charged for this attempt (its wait
 * stays: it only ever holds back sources the owner does not use).
 */
export async function loginSucceeded(
  db: Queryable,
  userId: string,
  email: string,
  source: string,
  chargedAccount: boolean,
  now: Date,
): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE email = $1 AND source = $2', [email, source]);
  if (chargedAccount) {
    await db.query(
      `UPDATE login_throttle SET failures = greatest(failures - 1, 0)
        WHERE email = $1 AND source = $2`,
      [email, ACCOUNT_ROW],
    );
  }
  await rememberSource(db, userId, source, now);
}

/** Marks `source` as one the user signs in from (also on sign-up: the password came from there). */
export async function rememberSource(
  db: Queryable,
  userId: string,
  source: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO login_known_sources (user_id, source, last_success_at, forget_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, source) DO UPDATE SET last_success_at = $3, forget_at = $4`,
    [userId, source, now, new Date(now.getTime() + KNOWN_SOURCE_TTL_MS)],
  );
}

/** "45 seconds", "1 minute", "15 minutes": the wait as the refusal message says it. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Housekeeping: throttle rows and known sources past their forget_at. Returns rows deleted. */
export async function pruneLoginThrottle(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH a AS (DELETE FROM login_throttle WHERE forget_at <= $1 RETURNING 1),
          b AS (DELETE FROM login_known_sources WHERE forget_at <= $1 RETURNING 1)
     SELECT (SELECT count(*) FROM a)::int + (SELECT count(*) FROM b)::int AS n`,
    [now],
  );
  return rows[0]?.n ?? 0;
}
