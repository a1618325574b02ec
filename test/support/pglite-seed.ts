import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openPglite } from '../../apps/server/src/db/pglite.ts';

/**
 * Every in-memory PGlite of a test run starts from the files of one database with every
 * migration applied (ADR 036): from nothing (initdb, then 35 migrations) took 3.6 s of CPU on a
 * slow machine, from these files 1 s, for each of the suite's many test apps. The app still
 * runs `migrate()`, which finds nothing left to do.
 */

const MIGRATIONS = fileURLToPath(new URL('../../apps/server/migrations/', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

/**
 * Global setup: the seed's file in the temp directory, made once for these migrations and this
 * PGlite (both are in its name, so a changed migration makes a new one).
 */
export async function buildPgliteSeed(): Promise<string> {
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  for (const name of readdirSync(MIGRATIONS).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  }
  const file = path.join(tmpdir(), `sikka-pglite-seed-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const db = await openPglite();
  try {
    await migrate(db);
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    // Whole or absent: two runs making it at once each rename a complete file.
    await rename(partial, file);
  } finally {
    await db.close();
  }
  return file;
}
