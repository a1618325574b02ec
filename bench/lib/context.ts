import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgCluster } from '../../test/support/pg-cluster.ts';
import type { Report } from './report.ts';
import type { ServerChild } from './server-process.ts';

/** What every part of the bench gets. */
export interface BenchContext {
  /** --short: a tiny version of every part, seconds each (CI). */
  short: boolean;
  report: Report;
  /** A temporary directory for this run (server logs, data dirs), removed at the end. */
  tmp: string;
  log(message: string): void;
  /** The throwaway cluster, started once on first use; the reason when PostgreSQL is missing. */
  postgres(): Promise<PgCluster | { missing: string }>;
  chromium: string | undefined;
  /**
   * Server settings for a part whose figure does not depend on the database (fan-out,
   * upstream, web): a fresh database on the throwaway cluster when PostgreSQL is installed
   * (starts in a second), else the embedded PGlite (whose WASM start-up takes several).
   */
  scratchDatabase(name: string): Promise<Record<string, string>>;
  /**
   * One production server shared by the parts that only watch the live market (fan-out, web):
   * the simulated feed ticking once a second, serving the built web app. Started on first use,
   * stopped by the runner.
   */
  liveServer(): Promise<ServerChild>;
  /** Set when the web build failed and the previous build in apps/web/dist is measured. */
  webBuildProblem: string | null;
}

/** The PostgreSQL binary directory of the newest installed version, if any. */
export function pgBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  for (const v of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** The soft limit on open files of this process (every socket is one); null if unknown. */
export function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

const version = (cmd: string, args: string[]): string | null => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')[0]!;
  } catch {
    return null;
  }
};

/** The machine the figures were measured on, for results.json and docs/performance.md. */
export function machineInfo(chromium: string | undefined) {
  const cpus = os.cpus();
  const bin = pgBinDir();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: bin ? version(path.join(bin, 'postgres'), ['--version']) : null,
    chromium: chromium ? version(chromium, ['--version']) : null,
    openFileLimit: openFileLimit(),
  };
}
