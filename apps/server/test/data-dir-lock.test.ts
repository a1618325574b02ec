import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_NAME,
  processStartTime,
  type LockOwner,
} from '../src/db/data-dir-lock.ts';
import { newUser } from '../../../test/support/app.ts';
import {
  ENTRY,
  isServing,
  killAll,
  launchServer,
  postJson,
  removeDataDirs,
  spawnTs,
  startServer,
  type Proc,
} from './data-dir-lock-processes.ts';

/**
 * Issue 12.2: two processes on one DATA_DIR must never both open the embedded database.
 * Every case runs real OS processes (node --import tsx on the production entry and scripts).
 */

const dirs: string[] = [];
async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sikka-lock-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await killAll();
  await removeDataDirs(dirs.splice(0));
});

const lockedMessage = (dataDir: string, pid: number) =>
  `DATA_DIR ${dataDir} is in use by another Sikka process (PID ${pid}). ` +
  'Stop it first, or use another DATA_DIR.';

/** The PID of a process that has certainly exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A lock as a process killed with -9 leaves it. */
function writeStaleLock(dataDir: string, owner: Partial<LockOwner>): void {
  const lockDir = path.join(dataDir, LOCK_NAME);
  mkdirSync(lockDir, { recursive: true });
  const nonce = randomBytes(6).toString('hex');
  const record: LockOwner = {
    pid: 1,
    hostname: hostname(),
    bootId: null,
    startTime: null,
    nonce,
    since: new Date().toISOString(),
    ...owner,
  };
  writeFileSync(path.join(lockDir, `owner-${nonce}.json`), JSON.stringify(record));
}

// Each case starts one or two PGlite servers (migrations in WASM): 15-50 s on a busy 2-core box.
describe('DATA_DIR lock: server processes', { timeout: 180_000 }, () => {
  it('a second server on the same DATA_DIR exits non-zero naming the first PID; the first keeps serving', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    const { server: second, outcome } = await launchServer(dataDir);
    expect(outcome, `the second server must refuse:\n${second.output()}`).toBe('exited');
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(lockedMessage(dataDir, first.pid));
    // A clear message, not a stack trace.
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(await isServing(first)).toBe(true);
  });

  it('db:migrate and db:seed refuse while a server holds the DATA_DIR', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer(dataDir);
    for (const script of [ENTRY.migrate, ENTRY.seed]) {
      const run = spawnTs(script, { NODE_ENV: 'test', DATA_DIR: dataDir });
      expect(await run.exited, run.output()).toBe(1);
      expect(run.output()).toContain(lockedMessage(dataDir, server.pid));
    }
    expect(await isServing(server)).toBe(true);
  });

  it('after kill -9 of the holder a new server takes the stale lock over; the data is intact', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    const user = newUser();
    const signup = await postJson(first.baseUrl, '/api/auth/signup', user);
    expect(signup.status, signup.text).toBe(201);

    first.child.kill('SIGKILL');
    await first.exited;
    // The dead holder's lock is still there: this is the stale case, not a clean release.
    expect(readdirSync(path.join(dataDir, LOCK_NAME))).toHaveLength(1);

    const second = await startServer(dataDir);
    const login = await postJson(second.baseUrl, '/api/auth/login', {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(login.status, login.text).toBe(200);
    expect((JSON.parse(login.text) as { user: { email: string } }).user.email).toBe(user.email);
    // The user exists once: signing up again is refused.
    const again = await postJson(second.baseUrl, '/api/auth/signup', user);
    expect(again.status, again.text).toBe(409);
  });

  it('a clean stop (SIGTERM) releases the lock and the next server starts', async () => {
    const dataDir = await tempDataDir();
    const first = await startServer(dataDir);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
    const second = await startServer(dataDir);
    expect(await isServing(second)).toBe(true);
  });
});

describe('DATA_DIR lock: the lock module', { timeout: 120_000 }, () => {
  /** Starts `n` contenders, lets them go at once, and returns their answers. */
  async function race(dataDir: string, n: number) {
    const children: Proc[] = [];
    const answers: Promise<string>[] = [];
    const ready: Promise<void>[] = [];
    for (let i = 0; i < n; i++) {
      const p = spawnTs(ENTRY.raceChild, {}, [dataDir]);
      const lines = createInterface({ input: p.child.stdout! });
      ready.push(new Promise((resolve) => lines.once('line', () => resolve())));
      answers.push(
        new Promise((resolve, reject) => {
          let seenReady = false;
          lines.on('line', (line) => {
            if (!seenReady) seenReady = true;
            else resolve(line);
          });
          // Not on 'exit': a loser prints its answer and exits at once, and the child's 'exit'
          // may come before its last stdout line has been read. Its stdout's end comes after.
          lines.once('close', () =>
            reject(new Error(`contender ended without an answer:\n${p.output()}`)),
          );
        }),
      );
      children.push(p);
    }
    await Promise.all(ready);
    for (const p of children) p.child.stdin!.write('go\n');
    return { children, answers: await Promise.all(answers) };
  }

  it('processes racing for a stale lock: exactly one wins, the others name it', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = await tempDataDir();
      writeStaleLock(dataDir, { pid: await deadPid() });
      const { children, answers } = await race(dataDir, 6);
      const winners = answers.filter((a) => a.startsWith('won '));
      expect(winners, answers.join(', ')).toHaveLength(1);
      const winnerPid = Number(winners[0]!.split(' ')[1]);
      expect(answers.filter((a) => a === `locked ${winnerPid}`)).toHaveLength(5);
      // The winner's record is the only one left, and it goes when the winner lets go.
      expect(readdirSync(path.join(dataDir, LOCK_NAME))).toHaveLength(1);
      for (const p of children) p.child.stdin!.end();
      await Promise.all(children.map((p) => p.exited));
      // Neither the lock nor any contender's staging directory is left behind.
      expect(readdirSync(dataDir)).toEqual([]);
    }
  });

  it('a live PID with another start time is a reused PID: the lock is taken over', async () => {
    const dataDir = await tempDataDir();
    const alive = process.ppid;
    const startTime = processStartTime(alive);
    // Only where /proc tells start times (Linux); elsewhere a live PID is always a holder.
    if (startTime === null) return;
    writeStaleLock(dataDir, { pid: alive, startTime: `${startTime}0` });
    const lock = acquireDataDirLock(dataDir);
    lock.release();

    writeStaleLock(dataDir, { pid: alive, startTime });
    expect(() => acquireDataDirLock(dataDir)).toThrow(lockedMessage(dataDir, alive));
  });

  it('a lock from before a reboot is stale; one from another host is never taken over', async () => {
    const dataDir = await tempDataDir();
    // Boot ids exist on Linux only; elsewhere only the host part applies.
    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      writeStaleLock(dataDir, { pid: process.ppid, bootId: 'an-earlier-boot' });
      acquireDataDirLock(dataDir).release();
    }

    writeStaleLock(dataDir, { pid: 4242, hostname: `not-${hostname()}` });
    const err = (() => {
      try {
        acquireDataDirLock(dataDir);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`on host not-${hostname()} (PID 4242)`);
  });

  it('one process cannot open the same DATA_DIR twice; release lets it in again', async () => {
    const dataDir = await tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `DATA_DIR ${dataDir} is already open in this process (PID ${process.pid}).`,
    );
    lock.release();
    lock.release();
    acquireDataDirLock(dataDir).release();
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
    // No staging directory is left behind by the refused attempt.
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
