import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decimalFromNumber, QUICK_RATE_FALLBACK, quickPrices } from '@sikka/contracts';
import { LOCK_NAME } from '../src/db/data-dir-lock.ts';
import { pgBinaries, pidAlive, PG_USER, postmasterPid } from '../src/db/embedded-postgres-host.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { newUser, verifyKyc } from '../../../test/support/app.ts';
import {
  killAll,
  launchServer,
  removeDataDirs,
  startServer,
  waitGone,
  type Server,
} from './data-dir-lock-processes.ts';

/**
 * The default embedded database (ADR 022): real PostgreSQL from npm, run by the server in
 * DATA_DIR/pg. Every case runs the production entry as real OS processes, and reads the
 * cluster through its own socket, as an operator could.
 */

const asRoot = process.getuid?.() === 0;
const dirs: string[] = [];
const dbs: Db[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sikka-embedded-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.close().catch(() => undefined)));
  await killAll();
  await removeDataDirs(dirs.splice(0));
});

/** The cluster's own database over its socket, as the server reaches it. */
async function openCluster(dataDir: string): Promise<Db> {
  const host = encodeURIComponent(path.join(dataDir, 'pg'));
  const db = await openPostgres(`postgres://sikka@localhost/sikka?host=${host}`, 2);
  dbs.push(db);
  return db;
}

async function send(server: Server, method: string, url: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...(method === 'POST' && url === '/api/trades/quick'
        ? { 'idempotency-key': randomUUID() }
        : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text(), setCookie: res.headers.getSetCookie() };
}

/** Signs a user up over HTTP; returns the session cookie and the user's id. */
async function signUp(server: Server) {
  const user = newUser();
  const res = await send(server, 'POST', '/api/auth/signup', undefined, user);
  expect(res.status, res.text).toBe(201);
  const cookie = res.setCookie
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sikka_session='));
  return {
    ...user,
    cookie: cookie!,
    id: (JSON.parse(res.text) as { user: { id: string } }).user.id,
  };
}

/** KYC verified and ₹10,000 deposited and approved, through the cluster's own SQL functions. */
async function makeTrader(db: Db, userId: string): Promise<void> {
  await verifyKyc(db, userId);
  const [dep] = await db.query<{ id: string }>(
    `INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, 10000, $2) RETURNING id`,
    [userId, `UTR${Date.now()}`.slice(0, 16)],
  );
  await db.query('SELECT approve_deposit($1)', [dep!.id]);
}

function uidOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m);
  return Number(line![1]);
}

function userUid(name: string): number {
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  return Number(passwd!.split(':')[2]);
}

/** A 1 USDT buy at the server's current price, as the web app computes it from the feed. */
async function buyAtMarket(server: Server) {
  const res = await send(server, 'GET', '/api/market/tickers');
  const coins = (JSON.parse(res.text) as { coins: Array<{ id: string; price: number }> }).coins;
  const usdt = coins.find((c) => c.id === 'USDTINR');
  const rate = (usdt && decimalFromNumber(usdt.price, 8)) ?? QUICK_RATE_FALLBACK;
  return { side: 'buy', usdtAmount: '1', quotedRate: quickPrices(rate).buy };
}

/** The server under runuser: runuser kills it 2 s after passing a signal on, so signal it. */
function serverUnderRunuser(runuserPid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid), counted after the command name's closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === runuserPid) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no process under runuser (PID ${runuserPid})`);
}

describe('embedded PostgreSQL: the default without DATABASE_URL', { timeout: 240_000 }, () => {
  it('starts in DATA_DIR/pg, migrates, trades; stops cleanly; after a restart the data is there', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'db')), 'no PGlite directory').toBe(false);
    const pgPid = postmasterPid(path.join(dataDir, 'pg'))!;
    expect(pidAlive(pgPid)).toBe(true);
    if (asRoot) {
      // PostgreSQL refuses root: it runs as the postgres user; DATA_DIR keeps its 0700.
      expect(uidOf(pgPid)).toBe(userUid(PG_USER));
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    }

    const db = await openCluster(dataDir);
    const applied = await db.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations');
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f));
    expect(Number(applied[0]!.n)).toBe(files.length);

    const trader = await signUp(first);
    await makeTrader(db, trader.id);
    const trade = await send(
      first,
      'POST',
      '/api/trades/quick',
      trader.cookie,
      await buyAtMarket(first),
    );
    expect(trade.status, trade.text).toBe(201);
    await db.close();

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    // postgres has exited with the server, its pid file removed by its own clean shutdown,
    // and the DATA_DIR lock is free.
    expect(pidAlive(pgPid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toContain(
      'database system is shut down',
    );

    const second = await startServer(dataDir);
    const trades = await send(second, 'GET', '/api/trades', trader.cookie);
    expect(trades.status, trades.text).toBe(200);
    expect((JSON.parse(trades.text) as { total: number }).total).toBe(1);
  });

  it('kill -9 of the server: postgres stops with it; a stale postmaster.pid naming a reused PID does not block the next start', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    const user = await signUp(first);
    const pgPid = postmasterPid(path.join(dataDir, 'pg'))!;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await waitGone(pgPid), 'postgres outlived its server').toBe(true);

    // The worst leftover: a postmaster.pid whose PID now belongs to a live, unrelated process
    // (here this test's own), which postgres alone would take for a running postmaster.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    writeFileSync(pidFile, `${process.pid}\n${path.join(dataDir, 'pg')}\n`);
    if (asRoot) chownSync(pidFile, userUid(PG_USER), statSync(path.join(dataDir, 'pg')).gid);
    const second = await startServer(dataDir);
    const login = await send(second, 'POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(login.status, login.text).toBe(200);
  });

  it('a postgres left running on the cluster by a dead server is stopped, then the server starts', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    const user = await signUp(first);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // As on a machine without setpriv, where nothing passes the server's death on: a
    // postmaster on the cluster that no server owns.
    const clusterDir = path.join(dataDir, 'pg');
    const { postgres } = await pgBinaries();
    const orphan = spawn(
      postgres,
      [
        '-D',
        '/proc/self/cwd',
        '-c',
        'listen_addresses=',
        '-c',
        'unix_socket_directories=/proc/self/cwd',
      ],
      {
        cwd: clusterDir,
        detached: true,
        stdio: 'ignore',
        ...(asRoot ? { uid: userUid(PG_USER), gid: statSync(clusterDir).gid } : {}),
      },
    );
    const until = Date.now() + 30_000;
    while (postmasterPid(clusterDir) !== orphan.pid) {
      expect(Date.now() < until, 'the stand-in orphan did not start').toBe(true);
      await new Promise((r) => setTimeout(r, 50));
    }

    const second = await startServer(dataDir, { env: { LOG_LEVEL: 'info' } });
    expect(await waitGone(orphan.pid!, 1000)).toBe(true);
    expect(second.output()).toContain(`left running by a server that died`);
    const login = await send(second, 'POST', '/api/auth/login', undefined, {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(login.status, login.text).toBe(200);
  });

  it.runIf(asRoot)(
    'runs as a non-root user too (runuser -u nobody), postgres as that user',
    async () => {
      const dataDir = await tempDataDir();
      const nobody = userUid('nobody');
      chownSync(dataDir, nobody, nobody);
      const server = await startServer(dataDir, { asUser: 'nobody', env: { LOG_LEVEL: 'info' } });
      const pgPid = postmasterPid(path.join(dataDir, 'pg'))!;
      expect(uidOf(pgPid)).toBe(nobody);
      expect(statSync(path.join(dataDir, 'pg')).uid).toBe(nobody);
      const user = await signUp(server);
      expect(user.cookie).toMatch(/^sikka_session=/);
      process.kill(serverUnderRunuser(server.pid), 'SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(pidAlive(pgPid)).toBe(false);
    },
  );

  it('a DATA_DIR holding PGlite data from an earlier version: a clear refusal, nothing touched; EMBEDDED_DB=pglite opens it', async () => {
    const dataDir = await tempDataDir();
    const pglite = await openPglite(path.join(dataDir, 'db'));
    await pglite.exec('CREATE TABLE earlier (n int); INSERT INTO earlier VALUES (42)');
    await pglite.close();
    const before = readdirSync(dataDir).sort();

    const { server, outcome } = await launchServer(dataDir);
    expect(outcome).toBe('exited');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`DATA_DIR ${dataDir} holds a PGlite database`);
    expect(server.output()).toContain('EMBEDDED_DB=pglite');
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(readdirSync(dataDir).sort()).toEqual(before);

    const kept = await startServer(dataDir, { env: { EMBEDDED_DB: 'pglite' } });
    kept.child.kill('SIGTERM');
    expect(await kept.exited).toBe(0);
    const again = await openPglite(path.join(dataDir, 'db'));
    expect(await again.query('SELECT n FROM earlier')).toEqual([{ n: 42 }]);
    await again.close();
  });
});
