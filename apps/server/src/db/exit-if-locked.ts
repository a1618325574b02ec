import { DataDirLockedError } from './data-dir-lock.ts';
import { EmbeddedPostgresError } from './embedded-postgres-host.ts';

/**
 * For the entry points: a locked DATA_DIR, or an embedded PostgreSQL that cannot start, is an
 * operator's matter, so a message and exit 1, not a stack.
 */
export function exitIfLocked(err: unknown): never {
  if (err instanceof DataDirLockedError || err instanceof EmbeddedPostgresError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
