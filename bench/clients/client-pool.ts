import { fork, type ChildProcess } from 'node:child_process';
import type { ClientCommand, ClientReply, Collected } from './protocol.ts';

const SCRIPT = new URL('./ws-clients.ts', import.meta.url).pathname;

type ReplyOf<C extends ClientReply['cmd']> = Extract<ClientReply, { cmd: C }>;

/** One subscriber process, answering one command at a time. */
class ClientProcess {
  private waiting: { cmd: ClientReply['cmd']; resolve: (m: ClientReply) => void } | null = null;
  readonly exited: Promise<number | null>;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (m: ClientReply) => {
      if (this.waiting && this.waiting.cmd === m.cmd) {
        const w = this.waiting;
        this.waiting = null;
        w.resolve(m);
      }
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  request<C extends ClientReply['cmd']>(
    command: ClientCommand | null,
    expect: C,
    timeoutMs: number,
  ): Promise<ReplyOf<C>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`subscriber process gave no '${expect}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
      void this.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`subscriber process exited (${code})`));
      });
      this.waiting = {
        cmd: expect,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as ReplyOf<C>);
        },
      };
      if (command) this.child.send(command);
    });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/**
 * Subscribers spread over `processes` child processes (so the clients' own event loops are
 * not the bottleneck), and the sums of what they saw.
 */
export class ClientPool {
  private constructor(private readonly procs: ClientProcess[]) {}

  static async start(processes: number): Promise<ClientPool> {
    const procs = Array.from(
      { length: processes },
      () =>
        new ClientProcess(fork(SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })),
    );
    await Promise.all(procs.map((p) => p.request(null, 'ready', 60_000)));
    return new ClientPool(procs);
  }

  /** Adds `count` subscribers to `url`, split across the processes. */
  async connect(
    url: string,
    count: number,
  ): Promise<{ opened: number; failed: number; snapshotBytes: number }> {
    const share = (i: number) =>
      Math.floor(count / this.procs.length) + (i < count % this.procs.length ? 1 : 0);
    const replies = await Promise.all(
      this.procs.map((p, i) =>
        p.request({ cmd: 'connect', url, count: share(i), concurrency: 50 }, 'connected', 180_000),
      ),
    );
    return {
      opened: replies.reduce((n, r) => n + r.opened, 0),
      failed: replies.reduce((n, r) => n + r.failed, 0),
      snapshotBytes: Math.max(...replies.map((r) => r.snapshotBytes)),
    };
  }

  /** `browsers` pollers of `url`, every `everyMs` (the web app's polling fallback). */
  async poll(url: string, browsers: number, everyMs: number): Promise<void> {
    const share = (i: number) =>
      Math.floor(browsers / this.procs.length) + (i < browsers % this.procs.length ? 1 : 0);
    await Promise.all(
      this.procs.map((p, i) =>
        p.request({ cmd: 'poll', url, browsers: share(i), everyMs }, 'polling', 10_000),
      ),
    );
  }

  /** What every process saw since the last collect (and resets it). */
  async collect(): Promise<Collected> {
    const replies = await Promise.all(
      this.procs.map((p) => p.request({ cmd: 'collect' }, 'collected', 60_000)),
    );
    const ticks: Collected['ticks'] = {};
    for (const r of replies)
      for (const [stamp, t] of Object.entries(r.ticks)) {
        const all = (ticks[stamp] ??= { n: 0, bytes: 0, lags: [] });
        all.n += t.n;
        all.bytes += t.bytes;
        all.lags.push(...t.lags);
      }
    const sum = (f: (r: Collected) => number) => replies.reduce((n, r) => n + f(r), 0);
    return {
      ticks,
      snapshots: sum((r) => r.snapshots),
      snapshotBytes: Math.max(...replies.map((r) => r.snapshotBytes)),
      open: sum((r) => r.open),
      closedUnexpectedly: sum((r) => r.closedUnexpectedly),
      pollsOk: sum((r) => r.pollsOk),
      pollsFailed: sum((r) => r.pollsFailed),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.procs.map(async (p) => {
        await p.request({ cmd: 'close' }, 'closed', 30_000).catch(() => undefined);
        const timer = setTimeout(() => p.kill(), 5_000);
        await p.exited;
        clearTimeout(timer);
      }),
    );
  }
}
