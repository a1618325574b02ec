import type { TestProject } from 'vitest/node';
import { chromiumPath, startPgCluster, type PgCluster } from './pg-cluster.ts';
import { buildPgliteSeed } from './pglite-seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test PostgreSQL server, or '' when none is available. */
    pgUrl: string;
    pgMissing: string;
    chromium: string;
    /** The migrated PGlite every test database of that driver starts from (pglite-seed.ts). */
    pgliteSeed: string;
  }
}

let cluster: PgCluster | undefined;

/** Starts one PostgreSQL for the whole run (or uses TEST_DATABASE_URL) and finds Chromium. */
export default async function setup(project: TestProject) {
  let pgUrl = process.env.TEST_DATABASE_URL ?? '';
  let pgMissing = '';
  if (!pgUrl) {
    const started = await startPgCluster();
    if ('missing' in started) pgMissing = started.missing;
    else {
      cluster = started;
      pgUrl = started.url;
    }
  }
  if (!pgUrl && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but no PostgreSQL is available: ${pgMissing}`);
  }
  const chromium = chromiumPath() ?? '';
  if (!chromium && process.env.REQUIRE_BROWSER === '1') {
    throw new Error('REQUIRE_BROWSER=1 but Chromium was not found (apt-get install chromium)');
  }
  project.provide('pgUrl', pgUrl);
  project.provide('pgMissing', pgMissing);
  project.provide('chromium', chromium);
  project.provide('pgliteSeed', await buildPgliteSeed());
  return () => cluster?.stop();
}
