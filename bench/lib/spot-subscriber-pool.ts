import { fork } from 'node:child_process';
import { ChildRequester } from './child-request.ts';

const SCRIPT = new URL('./spot-subscribers.ts', import.meta.url).pathname;

export type SpotSubCommand =
  | { cmd: 'connect'; url: string; market: string; count: number; concurrency: number }
  | { cmd: 'reset' }
  | { cmd: 'firsts' }
  /** Reference times by seq: the first receipt anywhere, and the placing request's 201. */
  | { cmd: 'lags'; firsts: Record<string, number>; acks: Record<string, number> }
  | { cmd: 'close' };

export type SpotSubReply =
  | { cmd: 'ready' }
  | { cmd: 'connected'; opened: number; failed: number; open: number }
  | { cmd: 'reset' }
  | {
      cmd: 'firsts';
      firsts: Record<string, { first: number; n: number }>;
      open: number;
      gaps: number;
      resnapshots: number;
      closedUnexpectedly: number;
    }
  | { cmd: 'lags'; byFirst: Record<string, number>; byAck: Record<string, number> }
  | { cmd: 'closed' };

export interface SpotSeen {
  /** Per seq: the first receipt anywhere and how many sockets got it. */
  bySeq: Map<number, { first: number; n: number }>;
  open: number;
  gaps: number;
  resnapshots: number;
  closedUnexpectedly: number;
}

/** Spot book subscribers spread over child processes, and the sums of what they saw. */
export class SpotSubscriberPool {
  private constructor(private readonly procs: ChildRequester<SpotSubCommand, SpotSubReply>[]) {}

  static async start(processes: number): Promise<SpotSubscriberPool> {
    const procs = Array.from(
      { length: processes },
      () =>
        new ChildRequester<SpotSubCommand, SpotSubReply>(
          fork(SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
        ),
    );
    await Promise.all(procs.map((p) => p.request(null, 'ready', 60_000)));
    return new SpotSubscriberPool(procs);
  }

  async connect(url: string, market: string, count: number) {
    const share = (i: number) =>
      Math.floor(count / this.procs.length) + (i < count % this.procs.length ? 1 : 0);
    const replies = await Promise.all(
      this.procs.map((p, i) =>
        p.request(
          { cmd: 'connect', url, market, count: share(i), concurrency: 50 },
          'connected',
          180_000,
        ),
      ),
    );
    return {
      opened: replies.reduce((n, r) => n + r.opened, 0),
      failed: replies.reduce((n, r) => n + r.failed, 0),
    };
  }

  async reset(): Promise<void> {
    await Promise.all(this.procs.map((p) => p.request({ cmd: 'reset' }, 'reset', 30_000)));
  }

  async firsts(): Promise<SpotSeen> {
    const replies = await Promise.all(
      this.procs.map((p) => p.request({ cmd: 'firsts' }, 'firsts', 60_000)),
    );
    const bySeq = new Map<number, { first: number; n: number }>();
    for (const r of replies)
      for (const [seq, f] of Object.entries(r.firsts)) {
        const all = bySeq.get(Number(seq));
        if (!all) bySeq.set(Number(seq), { ...f });
        else {
          all.first = Math.min(all.first, f.first);
          all.n += f.n;
        }
      }
    const sum = (f: (r: Extract<SpotSubReply, { cmd: 'firsts' }>) => number) =>
      replies.reduce((n, r) => n + f(r), 0);
    return {
      bySeq,
      open: sum((r) => r.open),
      gaps: sum((r) => r.gaps),
      resnapshots: sum((r) => r.resnapshots),
      closedUnexpectedly: sum((r) => r.closedUnexpectedly),
    };
  }

  /** Merged lag histograms (0.1 ms buckets) against the two references. */
  async lags(
    firsts: Record<string, number>,
    acks: Record<string, number>,
  ): Promise<{ byFirst: Map<number, number>; byAck: Map<number, number> }> {
    const replies = await Promise.all(
      this.procs.map((p) => p.request({ cmd: 'lags', firsts, acks }, 'lags', 60_000)),
    );
    const merge = (pick: (r: Extract<SpotSubReply, { cmd: 'lags' }>) => Record<string, number>) => {
      const h = new Map<number, number>();
      for (const r of replies)
        for (const [b, n] of Object.entries(pick(r))) h.set(Number(b), (h.get(Number(b)) ?? 0) + n);
      return h;
    };
    return { byFirst: merge((r) => r.byFirst), byAck: merge((r) => r.byAck) };
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

/** The q-quantile (ms) of a 0.1 ms histogram; null when empty. */
export function histogramQuantile(h: Map<number, number>, q: number): number | null {
  const total = [...h.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const b of [...h.keys()].sort((x, y) => x - y)) {
    seen += h.get(b)!;
    if (seen >= rank) return b / 10;
  }
  return null;
}
