import { fork } from 'node:child_process';
import { ChildRequester } from '../lib/child-request.ts';
import type { ClientCommand, ClientReply, Collected } from './protocol.ts';

const SCRIPT = new URL('./ws-clients.ts', import.meta.url).pathname;

/**
 * Subscribers spread over `processes` child processes (so the clients' own event loops are
 * not the bottleneck), and the sums of what they saw.
 */
export class ClientPool {
  private constructor(private readonly procs: ChildRequester<ClientCommand, ClientReply>[]) {}

  static async start(processes: number): Promise<ClientPool> {
    const procs = Array.from(
      { length: processes },
      () =>
        new ChildRequester<ClientCommand, ClientReply>(
          fork(SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
        ),
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
