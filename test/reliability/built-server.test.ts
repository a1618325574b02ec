import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../support/app.ts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import { BUILT_MAIN, startServerProcess, type ServerProcess } from './support/server-process.ts';
import { withDatabase } from './support/trade-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/**
 * Issue 18 item 2: what `npm start` runs is the compiled server (apps/server/build.mjs →
 * dist/server/main.js), not the TypeScript sources. Built here, started on a fresh PostgreSQL
 * database: it finds its SQL migrations (relative to the bundle) and answers.
 */
describe.skipIf(!pgUrl())('the compiled server', () => {
  let server: ServerProcess;
  let databaseUrl: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
    databaseUrl = await createPgDatabase();
    server = await startServerProcess({ databaseUrl, built: true });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('starts from dist/server/main.js, applies every migration and answers /api/health', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // The process is the bundle, not tsx.
    const cmdline = execFileSync('ps', ['-o', 'args=', '-p', String(server.pid)]).toString();
    expect(cmdline).toContain(BUILT_MAIN);
    expect(cmdline).not.toContain('tsx');
    const files = readdirSync(path.join(SERVER_DIR, 'migrations')).filter((f) =>
      f.endsWith('.sql'),
    );
    const applied = await withDatabase(databaseUrl, (db) =>
      db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
    );
    expect(applied.map((r) => r.name)).toEqual(files.sort());
    // An API route that reads the database and the contracts' schemas (bundled in).
    const tickers = await fetch(`${server.baseUrl}/api/market/tickers`);
    expect(tickers.status).toBe(200);
    expect(((await tickers.json()) as { coins: unknown[] }).coins.length).toBeGreaterThan(0);
    // The server people run hashes at the OWASP cost (test apps in a test's process do not,
    // ADR 036): a sign-up's stored hash says which.
    const email = `built-${Date.now()}@example.com`;
    const signup = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ ...newUser(), email }),
    });
    expect(signup.status, await signup.text()).toBe(201);
    const [stored] = await withDatabase(databaseUrl, (db) =>
      db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
        email,
      ]),
    );
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 60_000);
});
