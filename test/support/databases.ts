import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
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

export async function openTestDb(driver: Driver, poolSize?: number): Promise<Db> {
  if (driver === 'pglite') return openPglite();
  return openPostgres(await createPgDatabase(), poolSize);
}

/** The drivers a "both databases" suite runs on; PostgreSQL is left out (loudly) if missing. */
export function availableDrivers(): Driver[] {
  if (pgUrl()) return ['pglite', 'postgres'];
  console.warn(postgresSkipReason());
  return ['pglite'];
}
