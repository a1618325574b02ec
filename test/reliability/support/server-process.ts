import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from '../../support/app.ts';
import { freePort } from '../../support/pg-cluster.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
/** What `npm start` runs: the server compiled by apps/server/build.mjs. */
export const BUILT_MAIN = path.join(ROOT, 'apps/server/dist/server/main.js');

/**
 * The production entry (`node --import tsx apps/server/src/main.ts`) as a child process on
 * 127.0.0.1 and a free port, so a test can kill -9 it like a crashed machine would.
 */
export interface ServerProcess {
  baseUrl: string;
  port: number;
  pid: number;
  /** stdout + stderr so far (for failure messages). */
  output(): string;
  /** SIGKILL: no shutdown hook runs, open connections are cut. Resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (graceful). */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  databaseUrl: string;
  /** Reuse a port (a restart on the same address); default: a free one. */
  port?: number;
  /** Shared DATA_DIR (KYC key, documents); default: a fresh temporary one. */
  dataDir?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Run the compiled server (BUILT_MAIN, as `npm start` does) instead of the sources via tsx. */
  built?: boolean;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sikka-proc-')));
  const args = options.built ? ['--enable-source-maps', BUILT_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_SIGNUP_PER_MIN: '100000',
      RATE_LIMIT_MONEY_PER_MIN: '100000',
      // No Anvil per process unless a test asks for the chain.
      EVM_CHAIN: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = exited(child);
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within the timeout:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const cleanup = async () => {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  return {
    baseUrl,
    port,
    pid: child.pid!,
    output: () => log,
    async kill9() {
      child.kill('SIGKILL');
      await gone;
      await cleanup();
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
      await cleanup();
    },
  };
}
