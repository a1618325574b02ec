import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../apps/server/src/db/migrate.ts';
import { openPglite, openPostgres, type Db } from './server.ts';

export type Driver = 'pglite' | 'postgres';

export const pgUrl = (): string => inject('pgUrl');

/** Why PostgreSQL tests are skipped on this machine ('' when they run). */
export function postgresSkipReason(): string {
  return pgUrl() ? '' : `PostgreSQL tests skipped: ${inject('pgMissing') || 'no server'}`;
}

/** A fresh, empty database on the test server; each test file gets its own data. */
export async function createPgDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: pgUrl() });
  await admin.connect();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database on the test server with every migration applied; its URL. */
export async function createMigratedPgDatabase(): Promise<string> {
  const url = await createPgDatabase();
  const db = await openPostgres(url, 2);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return url;
}

let seed: Promise<Blob> | undefined;
/** The migrated PGlite of global setup (pglite-seed.ts, ADR 036), read once per test process. */
function pgliteSeed(): Promise<Blob> {
  seed ??= readFile(inject('pgliteSeed')).then((bytes) => new Blob([bytes]));
  return seed;
}

/**
 * A fresh test database: real PostgreSQL starts empty; PGlite starts from the migrated seed
 * unless `empty` (a test that applies migrations itself, up to a point).
 */
export async function openTestDb(
  driver: Driver,
  poolSize?: number,
  options: { empty?: boolean } = {},
): Promise<Db> {
  if (driver === 'pglite') {
    return openPglite(undefined, options.empty ? {} : { loadDataDir: await pgliteSeed() });
  }
  return openPostgres(await createPgDatabase(), poolSize);
}

/** The drivers a "both databases" suite runs on; PostgreSQL is left out (loudly) if missing. */
export function availableDrivers(): Driver[] {
  if (pgUrl()) return ['pglite', 'postgres'];
  console.warn(postgresSkipReason());
  return ['pglite'];
}

/**
 * `n` KYC-verified users written straight into a migrated database (tests of the SQL
 * functions themselves, no app): each with `inr` available and a USDT wallet (002's
 * trigger). Their ids in creation order.
 */
export async function insertVerifiedUsers(
  client: pg.Client,
  n: number,
  tag: string,
  inr = '0',
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (email, full_name, phone, password_hash, kyc_status, balance)
     SELECT $1 || '-' || g || '@example.com', 'Trader ' || g, '9876543210', 'no-password',
            'verified', $3::numeric
       FROM generate_series(1, $2::int) g
     ORDER BY g
     RETURNING id`,
    [tag, n, inr],
  );
  return rows.map((r) => r.id);
}

/** A database migrated up to `last` (e.g. '015'), as a server of that time left it. */
export async function databaseUpTo(driver: Driver, last: string): Promise<Db> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sikka-migrations-'));
  try {
    for (const file of await readdir(MIGRATIONS_DIR)) {
      if (/^\d{3}_/.test(file) && file.slice(0, 3) <= last) {
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      }
    }
    const db = await openTestDb(driver, undefined, { empty: true });
    await migrate(db, dir);
    return db;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
