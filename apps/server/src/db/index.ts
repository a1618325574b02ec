import path from 'node:path';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, LockSession, Queryable, Row } from './types.ts';
export { DataDirLockedError, exitIfLocked } from './data-dir-lock.ts';

/**
 * DATABASE_URL set → PostgreSQL; otherwise embedded PGlite persisted in DATA_DIR/db.
 *
 * The embedded database is opened only under the DATA_DIR lock (ADR 007): a second process
 * gets DataDirLockedError before any database file is touched. PostgreSQL needs no such lock;
 * instances sharing a DATA_DIR there share only documents and the KYC key, which are written
 * create-exclusively.
 */
export async function openDb(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Db> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    return await openPglite(path.resolve(config.DATA_DIR, 'db'), { onClose: lock.release });
  } catch (err) {
    lock.release();
    throw err;
  }
}
