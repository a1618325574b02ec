import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { envSchema } from '../../test/support/server.ts';
import type {
  ChildEvent,
  CommandName,
  Commands,
  ReplyMessage,
  RequestMessage,
} from '../server/protocol.ts';

const ENTRY = new URL('../server/entry.ts', import.meta.url).pathname;

export interface ServerChild {
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  call<K extends CommandName>(cmd: K, args: Commands[K]['args']): Promise<Commands[K]['result']>;
  stop(): Promise<void>;
  /** The child's stdout and stderr, for a report when something fails. */
  log(): string;
}

/**
 * Starts the production server in a child process with the given configuration variables
 * (the parent's own Sikka variables are not inherited, so a developer's DATABASE_URL can never
 * receive bench load). Resolves once it listens on 127.0.0.1.
 */
export async function startServer(
  config: Record<string, string>,
  logPath: string,
  startTimeoutMs = 120_000,
  /** Extra Node flags for the child, e.g. --expose-gc for a memory measurement. */
  nodeFlags: string[] = [],
): Promise<ServerChild> {
  const env: Record<string, string> = {};
  const own = new Set(Object.keys(envSchema.shape));
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !own.has(k)) env[k] = v;
  Object.assign(
    env,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: `bench-${randomBytes(9).toString('base64url')}`,
      WEB_DIST: '/nonexistent',
      // The load runs send hundreds of trades a second from a few hundred users: the
      // per-user money budget (30 a minute) would turn the measurement into 429s.
      RATE_LIMIT_MONEY_PER_MIN: '1000000',
      // The fan-out parts open thousands of sockets from 127.0.0.1 (ADR 040's per-address cap).
      WS_MAX_PER_IP: '1000000',
      // The bench measures the exchange, not a local chain (ADR 015).
      EVM_CHAIN: 'off',
    },
    config,
  );
  const fd = openSync(logPath, 'a');
  // BENCH_CPU_PROF=<dir>: each server child writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = fork(ENTRY, [], {
    execArgv: [
      '--import',
      'tsx',
      ...nodeFlags,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ],
    env,
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  const log = () => {
    try {
      return readFileSync(logPath, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };

  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  exited.then((code) => {
    for (const p of pending.values()) p.reject(new Error(`server exited (${code})\n${log()}`));
    pending.clear();
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs} ms\n${log()}`));
    }, startTimeoutMs);
    child.on('message', (m: ChildEvent | ReplyMessage) => {
      if ('event' in m) {
        clearTimeout(timer);
        if (m.event === 'ready') resolve(m.port);
        else reject(new Error(`server failed to start: ${m.error}\n${log()}`));
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(new Error(m.error));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up (${code})\n${log()}`));
    });
  });

  const call = <K extends CommandName>(
    cmd: K,
    args: Commands[K]['args'],
  ): Promise<Commands[K]['result']> =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || !child.connected) {
        reject(new Error(`server is not running\n${log()}`));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve: (v) => resolve(v as Commands[K]['result']), reject });
      const message: RequestMessage<K> = { id, cmd, args };
      child.send(message);
    });

  return {
    pid: child.pid ?? -1,
    port,
    url: `http://127.0.0.1:${port}`,
    call,
    log,
    async stop() {
      if (child.exitCode !== null) return;
      await call('close', {}).catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
