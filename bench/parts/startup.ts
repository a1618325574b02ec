import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../test/support/pg-cluster.ts';
import type { BenchContext } from '../lib/context.ts';
import { percentile, sleep } from '../lib/stats.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server');

/** The two ways of running the production entry: what `npm start` ran before, and now. */
const VARIANTS = {
  tsx: ['--import', 'tsx', 'src/main.ts'],
  built: ['--enable-source-maps', 'dist/server/main.js'],
} as const;
type Variant = keyof typeof VARIANTS;

interface Sample {
  startMs: number;
  rssStartMb: number;
  rssLoadMb: number;
  requests: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Spawn → first 200 from /api/health, RSS then, RSS after `loadSec` of ticker requests. */
async function sample(
  variant: Variant,
  env: Record<string, string>,
  logPath: string,
  loadSec: number,
): Promise<Sample> {
  const port = await freePort();
  const fd = openSync(logPath, 'a');
  const t0 = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: SERVER,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const gone = exited(child);
  try {
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant} server exited; see ${logPath}`);
      if (performance.now() - t0 > 120_000) throw new Error(`${variant} server did not start`);
      const ok = await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await sleep(10);
    }
    const startMs = performance.now() - t0;
    await sleep(1000);
    const rssStartMb = rssMb(child.pid!);
    const result = await autocannon({
      url: `${url}/api/market/tickers`,
      connections: 10,
      duration: loadSec,
    });
    return { startMs, rssStartMb, rssLoadMb: rssMb(child.pid!), requests: result.requests.total };
  } finally {
    child.kill('SIGTERM');
    await gone;
  }
}

/**
 * Issue 18 item 2: the production server compiled to JavaScript (dist/server/main.js) next to
 * the same sources run through tsx, as `npm start` did before: start-up (spawn to the first
 * answer of /api/health) and resident memory after start and after a short load of ticker
 * requests. Runs alternate, so the machine's load falls on both alike; medians are reported.
 */
export async function benchStartup(ctx: BenchContext): Promise<void> {
  const part = '13 start-up';
  const rounds = ctx.short ? 1 : 5;
  const loadSec = ctx.short ? 1 : 5;
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER, stdio: 'ignore' });
  const db = await ctx.scratchDatabase('bench_startup');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(ctx.tmp, 'startup'),
    ADMIN_PASSWORD: 'bench-startup-admin-password',
    WEB_DIST: '/nonexistent',
    EVM_CHAIN: 'off',
    ...db,
  };
  const logPath = path.join(ctx.tmp, 'server-startup.log');
  // A first start migrates the database and creates the admin; the figures are of a restart.
  await sample('built', env, logPath, 1);
  const samples: Record<Variant, Sample[]> = { tsx: [], built: [] };
  for (let i = 0; i < rounds; i++) {
    for (const variant of ['tsx', 'built'] as const) {
      const s = await sample(variant, env, logPath, loadSec);
      samples[variant].push(s);
      ctx.log(
        `  ${variant}: listening in ${s.startMs.toFixed(0)} ms, RSS ${s.rssStartMb.toFixed(0)} MB, ` +
          `${s.rssLoadMb.toFixed(0)} MB after ${s.requests} requests`,
      );
    }
  }
  const median = (v: Variant, key: keyof Sample) =>
    percentile(
      samples[v].map((s) => s[key]),
      0.5,
    );
  const dbLabel = db.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  ctx.report.ratio(
    part,
    `start-up to /api/health, compiled (${dbLabel})`,
    median('built', 'startMs'),
    'ms',
    median('tsx', 'startMs'),
    'tsx',
    '≤',
    1,
  );
  ctx.report.ratio(
    part,
    'RSS after start, compiled',
    median('built', 'rssStartMb'),
    'MB',
    median('tsx', 'rssStartMb'),
    'tsx',
    '≤',
    1,
  );
  ctx.report.ratio(
    part,
    `RSS after ${loadSec} s of ticker requests, compiled`,
    median('built', 'rssLoadMb'),
    'MB',
    median('tsx', 'rssLoadMb'),
    'tsx',
    '≤',
    1,
  );
  ctx.report.details[part] = { rounds, loadSec, database: dbLabel, samples };
}
