import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pidAlive, postmasterPid } from '../src/db/embedded-postgres-host.ts';
import { ADMIN } from '../../../test/support/app.ts';
import { freePort } from '../../../test/support/pg-cluster.ts';

/**
 * Real OS processes for the DATA_DIR lock tests: the production entry and scripts run with
 * `node --import tsx` on the embedded database (no DATABASE_URL), so each process has its own
 * PID and its own embedded database, as two servers started by hand would.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ENTRY = {
  server: path.join(ROOT, 'apps/server/src/main.ts'),
  migrate: path.join(ROOT, 'apps/server/src/scripts/migrate.ts'),
  seed: path.join(ROOT, 'apps/server/src/scripts/seed.ts'),
  raceChild: path.join(ROOT, 'apps/server/test/data-dir-lock-child.ts'),
};

export interface Proc {
  child: ChildProcess;
  pid: number;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once its output is all read. */
  exited: Promise<number | null>;
  running(): boolean;
}

/** Every process started here, so a test can stop them all even when it fails. */
const started = new Set<Proc>();

export function spawnTs(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
  /** Run as this user (through runuser; we must be root), as an operator's service would. */
  asUser?: string,
): Proc {
  const node = [process.execPath, '--import', 'tsx', entry, ...args];
  const [cmd, ...argv] = asUser ? ['runuser', '-u', asUser, '--', ...node] : node;
  const child = spawn(cmd!, argv, {
    cwd: ROOT,
    // Not the parent's environment: a developer's DATABASE_URL must never reach these.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // 'close', not 'exit': 'exit' may come before the last of the child's output has been read,
  // and tests read output() once this resolves. (Nothing the child starts inherits its pipes.)
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  const proc: Proc = {
    child,
    pid: child.pid!,
    output: () => log,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
  started.add(proc);
  void exited.then(() => started.delete(proc));
  return proc;
}

/** kill -9 of whatever is still running; for afterEach. */
export async function killAll(): Promise<void> {
  const left = [...started];
  for (const p of left) p.child.kill('SIGKILL');
  await Promise.all(left.map((p) => p.exited));
}

/**
 * Removes DATA_DIRs once their embedded postgres has gone. A postgres told to stop by its
 * server's death (SIGKILL, parent-death signal) may still be writing its last checkpoint;
 * removing the directory under it fails with ENOTEMPTY.
 */
export async function removeDataDirs(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    const pid = postmasterPid(path.join(dir, 'pg'));
    if (pid !== null) await waitGone(pid);
  }
  await Promise.all(
    dirs.map((d) => rm(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })),
  );
}

export async function waitGone(pid: number, ms = 30_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (pidAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

export function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
    // The feed is not under test; leave the two cores to the servers' start-up.
    MARKET_AUTOSTART: 'false',
    // Nor is the crypto wallet: without this each server starts an Anvil chain that writes
    // its state into DATA_DIR as it exits, racing the test's removal of the directory.
    EVM_CHAIN: 'off',
  };
}

export interface Server extends Proc {
  baseUrl: string;
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a server on `dataDir` and waits until it answers /api/health ('serving') or exits
 * ('exited'), whichever comes first.
 */
export async function launchServer(
  dataDir: string,
  timeoutMs = 120_000,
  options: { env?: Record<string, string>; asUser?: string } = {},
): Promise<{ server: Server; outcome: 'serving' | 'exited' }> {
  const port = await freePort();
  const env = { ...serverEnv(dataDir, port), ...options.env };
  const proc = spawnTs(ENTRY.server, env, [], options.asUser);
  const server: Server = { ...proc, baseUrl: `http://127.0.0.1:${port}` };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.running()) return { server, outcome: 'exited' };
    if (await healthy(server.baseUrl)) return { server, outcome: 'serving' };
    if (Date.now() > deadline) {
      throw new Error(`server neither served nor exited in ${timeoutMs} ms:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A server that must start; fails with its output otherwise. */
export async function startServer(
  dataDir: string,
  options: { env?: Record<string, string>; asUser?: string } = {},
): Promise<Server> {
  const { server, outcome } = await launchServer(dataDir, 120_000, options);
  if (outcome !== 'serving') {
    throw new Error(`server exited with ${await server.exited}:\n${server.output()}`);
  }
  return server;
}

export async function isServing(server: Server): Promise<boolean> {
  return server.running() && (await healthy(server.baseUrl));
}

export async function postJson(
  baseUrl: string,
  url: string,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}
