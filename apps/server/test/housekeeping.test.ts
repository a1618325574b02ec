import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { housekeep, IDEMPOTENCY_KEY_TTL_MS } from '../src/housekeeping.ts';
import type { Queryable } from '../src/db/index.ts';
import { availableDrivers, openTestDb } from '../../../test/support/databases.ts';
import { ADMIN, signUp, startTestApp, type TestApp } from '../../../test/support/app.ts';

const HOUR = 60 * 60 * 1000;
const count = async (db: Queryable, table: string, userId: string): Promise<number> =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [
      userId,
    ])
  )[0]!.n;

/** Rows of every kind housekeeping deletes, each just past its time, for one user. */
async function insertStaleRows(db: Queryable, userId: string, email: string, now: Date) {
  const t = now.getTime();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
    [randomBytes(32).toString('hex'), userId, new Date(t - 4 * 24 * HOUR), new Date(t - 1000)],
  );
  await db.query(
    `INSERT INTO auth_attempts (kind, email, ip, created_at) VALUES
       ('login_failure', $1, '127.0.0.1', $2), ('login_failure', $1, '127.0.0.1', $3)`,
    [email, new Date(t - HOUR - 1000), new Date(t - HOUR + 60_000)],
  );
  await db.query(
    `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
     VALUES ($1, 'old-key', 'h', 201, '{}', $2), ($1, 'recent-key', 'h', 201, '{}', $3)`,
    [
      userId,
      new Date(t - IDEMPOTENCY_KEY_TTL_MS - 1000),
      new Date(t - IDEMPOTENCY_KEY_TTL_MS + 60_000),
    ],
  );
}

describe.each(availableDrivers())('housekeeping on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('deletes expired sessions, old sign-in attempts and old idempotency keys, and nothing else', async () => {
    const u = await signUp(t.app);
    const now = t.app.clock();
    await insertStaleRows(t.app.db, u.id, u.email, now);
    expect(await count(t.app.db, 'sessions', u.id)).toBe(2);

    const result = await housekeep(t.app.db, now);
    // security and mail rows have their own pruning tests (account-security.test.ts).
    expect(result).toEqual({
      sessions: 1,
      authAttempts: 1,
      idempotencyKeys: 1,
      security: 0,
      mail: 0,
    });
    expect(await count(t.app.db, 'sessions', u.id)).toBe(1);
    expect(await count(t.app.db, 'idempotency_keys', u.id)).toBe(1);
    const attempts = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_attempts WHERE email = $1',
      [u.email],
    );
    expect(attempts[0]!.n).toBe(1);
    // The live session still signs the user in.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: u.cookie } });
    expect(me.statusCode).toBe(200);
    // A second run finds nothing more.
    expect(await housekeep(t.app.db, now)).toEqual({
      sessions: 0,
      authAttempts: 0,
      idempotencyKeys: 0,
      security: 0,
      mail: 0,
    });
  });

  it('deletes a session once its three days are over', async () => {
    const u = await signUp(t.app);
    t.advance(3 * 24 * HOUR + 1000);
    await housekeep(t.app.db, t.app.clock());
    expect(await count(t.app.db, 'sessions', u.id)).toBe(0);
  });

  it('runs when the server starts', async () => {
    const db = await openTestDb(driver);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sikka-test-'));
    const config = testConfig({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
    });
    try {
      const first = await buildApp(config, { db });
      const u = await signUp(first);
      await first.close();
      await insertStaleRows(db, u.id, u.email, new Date());
      const second = await buildApp(config, { db });
      expect(await count(db, 'sessions', u.id)).toBe(1);
      expect(await count(db, 'idempotency_keys', u.id)).toBe(1);
      await second.close();
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
