import path from 'node:path';
import type { Config } from '../config.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, Row } from './types.ts';

/** DATABASE_URL set → PostgreSQL; otherwise embedded PGlite persisted in DATA_DIR/db. */
export function openDb(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Db> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite(path.resolve(config.DATA_DIR, 'db'));
}
