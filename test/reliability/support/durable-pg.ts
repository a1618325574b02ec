import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/pg-cluster.ts';

/**
 * A PostgreSQL cluster of its own for the crash tests, with durability ON (fsync,
 * synchronous_commit, full_page_writes): an acknowledged commit must survive kill -9 of the
 * whole server. The shared test cluster (test/support/pg-cluster.ts) turns all three off for
 * speed, which would make "no acknowledged trade is lost" untestable there.
 */
export interface DurableCluster {
  /** Admin URL (database `postgres`). */
  url: string;
  /** URL of another database on this cluster. */
  urlOf(database: string): string;
  /** kill -9 of the postmaster and every backend at once, like a power cut. */
  crash(): Promise<void>;
  /** pg_ctl start after a crash: WAL replay, then ready. Returns the recovery time (ms). */
  restart(): number;
  stop(): void;
}

function pgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base)
    .sort((a, b) => Number(b) - Number(a))
    .find((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')));
  return version && path.join(base, version, 'bin');
}

/**
 * Direct children of a process, from /proc (PostgreSQL backends are the postmaster's). Read
 * asynchronously so the burst keeps running while we look: the kill must find work in flight.
 */
async function childrenOf(pid: number): Promise<number[]> {
  const kids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) kids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return kids;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

export function startDurableCluster(port: number): DurableCluster | { missing: string } {
  const bin = pgBin();
  if (!bin) return { missing: 'PostgreSQL binaries not found (apt-get install postgresql)' };
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'sikka-durable-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const opts =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on ` +
    `-c full_page_writes=on -c max_connections=100 -c shared_buffers=64MB`;
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      opts,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async crash() {
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const all = [postmaster, ...(await childrenOf(postmaster))];
      // All at once, no await in between: nothing gets to shut down cleanly.
      for (const pid of all) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + 10_000;
      while (all.some(alive)) {
        if (Date.now() > deadline) throw new Error('PostgreSQL processes survived SIGKILL');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    restart() {
      const started = Date.now();
      // A backend forked after we listed the postmaster's children exits by itself once it
      // sees the postmaster gone; until then the old shared memory is in use, so retry.
      for (let attempt = 1; ; attempt++) {
        try {
          start();
          return Date.now() - started;
        } catch (err) {
          if (attempt >= 5) throw err;
          execFileSync('sleep', ['0.5']);
        }
      }
    },
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // not running (a test crashed it and failed before restarting)
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export { freePort };
