import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open the embedded database in a DATA_DIR (ADR 007). PGlite has no
 * lock of its own: two processes on one directory each believe they own the files, and both
 * unique indexes and the ledger silently break.
 *
 * The lock is a directory, DATA_DIR/sikka.lock, holding one file `owner-<nonce>.json` that
 * names the holder. Every step is an operation the kernel makes atomic:
 * - take: the record is written into a private staging directory, which is then renamed onto
 *   sikka.lock. rename(2) onto a directory succeeds only when that directory is missing or
 *   empty, so of several racing processes exactly one wins, and the lock never exists without
 *   its complete owner record.
 * - take over a stale lock: unlink the dead holder's file *by its name*. The name carries that
 *   holder's random nonce, so a slow process that judged an old holder dead can never remove
 *   the record of whoever took over in the meantime; it only empties the directory, and the
 *   rename above again lets exactly one process in.
 * - release: unlink our own file, then rmdir, which fails harmlessly if someone already moved in.
 *
 * All calls are synchronous: the lock is taken once at start-up and released from the
 * process 'exit' handler, where asynchronous work never runs.
 */

export const LOCK_NAME = 'sikka.lock';
const OWNER_PREFIX = 'owner-';

/** What the owner file records; enough to tell a live holder from a dead one or a reused PID. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux boot id: a lock from before a reboot is stale whatever its PID. */
  bootId: string | null;
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot): a reused PID has another one. */
  startTime: string | null;
  nonce: string;
  /** ISO time the lock was taken, for people reading the file. */
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    /** DATA_DIR as configured (relative paths stay relative, as the operator wrote them). */
    readonly dataDir: string,
    readonly owner: LockOwner,
    lockPath: string,
  ) {
    const sameHost = owner.hostname === hostname();
    super(
      !sameHost
        ? `DATA_DIR ${dataDir} is in use by a Sikka process on host ${owner.hostname} (PID ${owner.pid}), ` +
            `which cannot be checked from here. Stop it first, or use another DATA_DIR; ` +
            `if that process is gone, delete ${lockPath}.`
        : owner.pid === process.pid
          ? `DATA_DIR ${dataDir} is already open in this process (PID ${owner.pid}).`
          : `DATA_DIR ${dataDir} is in use by another Sikka process (PID ${owner.pid}). ` +
            `Stop it first, or use another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** DATA_DIR/sikka.lock */
  readonly path: string;
  readonly owner: LockOwner;
  /** Idempotent; also runs on process exit. */
  release(): void;
}

const errCode = (err: unknown): string | undefined => (err as NodeJS.ErrnoException).code;

function readTrimmed(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Process start time on Linux; null elsewhere or when the process is gone. */
export function processStartTime(pid: number): string | null {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and ')', so count fields after the last ')'.
  // What follows starts at field 3; starttime is field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[22 - 3] ?? null;
}

const bootId = (): string | null => readTrimmed('/proc/sys/kernel/random/boot_id');

function ownRecord(): LockOwner {
  return {
    pid: process.pid,
    hostname: hostname(),
    bootId: bootId(),
    startTime: processStartTime(process.pid),
    nonce: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    // A pid of 0 or below would make kill(pid, 0) probe a whole process group.
    if (!Number.isInteger(v.pid) || (v.pid as number) <= 0) return null;
    if (typeof v.hostname !== 'string' || typeof v.nonce !== 'string') return null;
    return {
      pid: v.pid as number,
      hostname: v.hostname,
      bootId: typeof v.bootId === 'string' ? v.bootId : null,
      startTime: typeof v.startTime === 'string' ? v.startTime : null,
      nonce: v.nonce,
      since: typeof v.since === 'string' ? v.since : '',
    };
  } catch {
    return null;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return errCode(err) === 'EPERM';
  }
}

/** True when the holder is certainly gone. A holder on another host is never judged stale. */
export function isStale(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return false;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return true;
  if (!pidExists(owner.pid)) return true;
  const started = processStartTime(owner.pid);
  return owner.startTime !== null && started !== null && started !== owner.startTime;
}

interface Entry {
  name: string;
  /** null: unreadable or not a record (e.g. emptied by a power loss): its holder is gone. */
  owner: LockOwner | null;
}

/** The lock directory's entries; null when there is no lock directory. */
function readEntries(lockPath: string): Entry[] | null {
  let names: string[];
  try {
    names = readdirSync(lockPath);
  } catch (err) {
    if (errCode(err) === 'ENOENT') return null;
    throw err;
  }
  return names.map((name) => {
    if (!name.startsWith(OWNER_PREFIX)) return { name, owner: null };
    const text = readTrimmed(path.join(lockPath, name));
    return { name, owner: text === null ? null : parseOwner(text) };
  });
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if (errCode(err) !== 'ENOENT') throw err;
  }
}

// Enough for any realistic churn of racing starters; each round either wins, refuses, or
// removed a dead holder's record.
const MAX_ROUNDS = 20;

/**
 * Takes the lock on `dataDir` or throws DataDirLockedError naming the live holder's PID.
 * A lock left by a dead process (kill -9, power loss) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const lockPath = path.join(root, LOCK_NAME);
  const me = ownRecord();
  const ownerFile = `${OWNER_PREFIX}${me.nonce}.json`;
  const staging = path.join(root, `${LOCK_NAME}.${me.pid}.${me.nonce}.tmp`);
  mkdirSync(staging);
  try {
    writeFileSync(path.join(staging, ownerFile), `${JSON.stringify(me)}\n`, { flag: 'wx' });
    for (let round = 0; ; round++) {
      try {
        renameSync(staging, lockPath);
        break;
      } catch (err) {
        if (errCode(err) !== 'ENOTEMPTY' && errCode(err) !== 'EEXIST') throw err;
      }
      if (round >= MAX_ROUNDS) {
        throw new Error(`Could not take the lock ${lockPath}: it keeps changing hands.`);
      }
      const entries = readEntries(lockPath) ?? [];
      for (const e of entries) {
        if (e.owner && !isStale(e.owner)) throw new DataDirLockedError(dataDir, e.owner, lockPath);
      }
      // Only the names read just now: a record written since has another nonce, so it stays.
      for (const e of entries)
        rmSync(path.join(lockPath, e.name), { recursive: true, force: true });
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      unlinkIfPresent(path.join(lockPath, ownerFile));
      rmdirSync(lockPath);
    } catch (err) {
      // ENOTEMPTY: the next holder moved in between our unlink and rmdir; ENOENT: already gone.
      if (errCode(err) !== 'ENOTEMPTY' && errCode(err) !== 'ENOENT') throw err;
    }
  };
  // kill -9 skips this; the next start then finds a dead PID and takes over.
  process.on('exit', release);
  return { path: lockPath, owner: me, release };
}
