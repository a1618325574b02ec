import { SECOND_FACTOR_WINDOW_MS, SIGN_IN_HISTORY_DAYS } from '@sikka/contracts';
import type { FastifyInstance } from 'fastify';
import { ATTEMPT_WINDOW_MS } from './auth/attempts.ts';
import { pruneLoginThrottle } from './auth/throttle.ts';
import type { Queryable } from './db/index.ts';

/**
 * How long a money request's Idempotency-Key is remembered. The web app retries with the same
 * key within seconds; a day covers any client's retry while keeping the table small.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How often each server instance deletes what no longer counts (and once at start). */
export const HOUSEKEEPING_PERIOD_MS = 15 * 60 * 1000;

export interface HousekeepingResult {
  sessions: number;
  authAttempts: number;
  idempotencyKeys: number;
  /** sign-in history past 90 days, used or expired links and sign-in steps, old second-factor failures */
  security: number;
  /** delivered or given-up mail after 30 days; local-mailbox mail after 7 days */
  mail: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const deleted = async (db: Queryable, sql: string, before: Date): Promise<number> => {
  const rows = await db.query<{ n: number }>(
    `WITH d AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM d`,
    [before],
  );
  return rows[0]?.n ?? 0;
};

/**
 * Deletes expired sessions (refused on lookup anyway), sign-up attempts outside the rate-limit
 * window, forgotten login-throttle rows and known sign-in sources (auth/throttle.ts), and
 * idempotency keys past their time. Each DELETE reads an index and is safe on several instances
 * at once. Never touches money rows or the ledger.
 */
export async function housekeep(db: Queryable, now: Date): Promise<HousekeepingResult> {
  const t = now.getTime();
  return {
    sessions: await deleted(db, 'DELETE FROM sessions WHERE expires_at <= $1', now),
    authAttempts:
      (await deleted(
        db,
        'DELETE FROM auth_attempts WHERE created_at < $1',
        new Date(t - ATTEMPT_WINDOW_MS),
      )) + (await pruneLoginThrottle(db, now)),
    idempotencyKeys: await deleted(
      db,
      'DELETE FROM idempotency_keys WHERE created_at < $1',
      new Date(t - IDEMPOTENCY_KEY_TTL_MS),
    ),
    security:
      (await deleted(
        db,
        'DELETE FROM sign_in_events WHERE created_at < $1',
        new Date(t - SIGN_IN_HISTORY_DAYS * DAY_MS),
      )) +
      (await deleted(db, 'DELETE FROM email_tokens WHERE expires_at < $1', new Date(t - DAY_MS))) +
      (await deleted(db, 'DELETE FROM auth_challenges WHERE expires_at < $1', now)) +
      (await deleted(
        db,
        'DELETE FROM second_factor_failures WHERE created_at < $1',
        new Date(t - SECOND_FACTOR_WINDOW_MS),
      )),
    mail:
      (await deleted(
        db,
        'DELETE FROM email_outbox WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < $1',
        new Date(t - 30 * DAY_MS),
      )) +
      (await deleted(
        db,
        'DELETE FROM email_outbox WHERE sent_at IS NULL AND created_at < $1',
        new Date(t - 7 * DAY_MS),
      )),
  };
}

/** Runs `housekeep` at start and every period until the app closes; failures are logged. */
export async function scheduleHousekeeping(app: FastifyInstance): Promise<void> {
  const run = async (): Promise<void> => {
    try {
      const result = await housekeep(app.db, app.clock());
      app.log.debug({ housekeeping: result }, 'housekeeping');
    } catch (err) {
      app.log.error({ err }, 'housekeeping failed');
    }
  };
  await run();
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= run().finally(() => (running = undefined));
  }, HOUSEKEEPING_PERIOD_MS);
  timer.unref();
  // preClose runs before every onClose hook, so a run in progress ends before the database
  // (closed in onClose) goes away.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
