/**
 * One contender of the stale-lock race in data-dir-lock.test.ts, as its own OS process:
 * prints "ready", waits for "go" on stdin, tries the DATA_DIR lock, prints "won <pid>" or
 * "locked <holder pid>". A winner holds the lock until its stdin closes, so the losers find
 * a live holder rather than a free directory.
 */
import { createInterface } from 'node:readline';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: data-dir-lock-child.ts <dataDir>');

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
lines.once('line', () => {
  try {
    const lock = acquireDataDirLock(dataDir);
    process.stdout.write(`won ${process.pid}\n`);
    lines.once('close', () => {
      lock.release();
      process.exit(0);
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    process.stdout.write(`locked ${err.owner.pid}\n`);
    process.exit(0);
  }
});
