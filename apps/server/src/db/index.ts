import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { EmbeddedPostgresError } from './embedded-postgres-host.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, LockSession, Queryable, Row } from './types.ts';
export { DataDirLockedError } from './data-dir-lock.ts';
export { EmbeddedPostgresError } from './embedded-postgres-host.ts';
export { exitIfLocked } from './exit-if-locked.ts';

type DbConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
  Partial<Pick<Config, 'EMBEDDED_DB' | 'EMBEDDED_PG_SYNCHRONOUS_COMMIT'>>;

const stderrLog = (msg: string) => void process.stderr.write(`${msg}\n`);

/** PGlite's directory (DATA_DIR/db) holds a database. */
function hasPgliteData(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL set → that PostgreSQL. Otherwise the embedded database, opened only under the
 * DATA_DIR lock (ADR 007): real PostgreSQL run by this process in DATA_DIR/pg (ADR 022), or
 * with EMBEDDED_DB=pglite, PGlite in DATA_DIR/db. A second process gets DataDirLockedError
 * before any database file is touched. PostgreSQL at a DATABASE_URL needs no such lock;
 * instances sharing a DATA_DIR there share only documents and the KYC key, which are written
 * create-exclusively.
 */
export async function openDb(
  config: DbConfig,
  log: (msg: string) => void = stderrLog,
): Promise<Db> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  const pgliteDir = path.resolve(config.DATA_DIR, 'db');
  const pgDir = path.resolve(config.DATA_DIR, 'pg');
  if (config.EMBEDDED_DB !== 'pglite' && hasPgliteData(pgliteDir) && !existsSync(pgDir)) {
    // Nothing is touched: the operator chooses between keeping PGlite and moving the data.
    throw new EmbeddedPostgresError(
      `DATA_DIR ${config.DATA_DIR} holds a PGlite database (${path.join(config.DATA_DIR, 'db')}) ` +
        `from an earlier version; the embedded database is now PostgreSQL in ${path.join(config.DATA_DIR, 'pg')}. ` +
        `Nothing was changed. Start with EMBEDDED_DB=pglite to keep using it there, or with ` +
        `DATABASE_URL set to a PostgreSQL server.`,
    );
  }
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    if (config.EMBEDDED_DB === 'pglite') {
      return await openPglite(pgliteDir, { onClose: lock.release });
    }
    const cluster = await startEmbeddedPostgres(config.DATA_DIR, log, {
      synchronousCommit: config.EMBEDDED_PG_SYNCHRONOUS_COMMIT ?? 'off',
    });
    let db: Db;
    try {
      db = await openPostgres(cluster.url);
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return {
      ...db,
      async close() {
        // The pool first, then postgres, then the lock: the next process finds it all shut.
        try {
          await db.close();
        } finally {
          try {
            await cluster.stop();
          } finally {
            lock.release();
          }
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
