/**
 * The bench's server child: the production `buildApp` from environment variables, exactly as
 * apps/server/src/main.ts builds it, listening on 127.0.0.1, plus an IPC channel through
 * which the bench seeds traders, reads the server's own CPU time and realtime counters, and
 * checks the ledger invariants on the server's database (PGlite lives inside this process).
 * Run by bench/lib/server-process.ts; never started by hand.
 */
import { buildApp, loadConfig, usdtInrRate } from '../../test/support/server.ts';
import { quickPrices } from '@sikka/contracts';
import { checkLedgerInvariants } from '../../test/support/invariants.ts';
import type {
  ChildEvent,
  Commands,
  CpuResult,
  MemoryResult,
  ReplyMessage,
  RequestMessage,
} from './protocol.ts';
import { seedTraders } from './seed.ts';

const send = (message: ChildEvent | ReplyMessage) => process.send?.(message);

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config);

  // The realtime hub's tick listener was added while the app was built; these two bracket
  // it, so they time exactly the synchronous fan-out of one tick to every socket.
  const fanout = { ticks: 0, cpuMicros: 0, wallMs: 0 };
  let started: { cpu: NodeJS.CpuUsage; at: number } | null = null;
  app.market.prependListener('tick', () => {
    started = { cpu: process.cpuUsage(), at: performance.now() };
  });
  app.market.on('tick', () => {
    if (!started) return;
    const cpu = process.cpuUsage(started.cpu);
    fanout.ticks += 1;
    fanout.cpuMicros += cpu.user + cpu.system;
    fanout.wallMs += performance.now() - started.at;
    started = null;
  });

  // Peak memory between two `memory` calls, sampled in-process (heap is not visible outside).
  const peaks = { rss: 0, heapUsed: 0 };
  let sampler: NodeJS.Timeout | null = null;
  const sample = () => {
    const m = process.memoryUsage();
    peaks.rss = Math.max(peaks.rss, m.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, m.heapUsed);
    return m;
  };

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close().catch(() => undefined);
    process.exit(0);
  };
  // The bench went away (crashed or was killed): do not outlive it.
  process.on('disconnect', () => void close());
  process.on('SIGTERM', () => void close());

  const handlers: {
    [K in keyof Commands]: (args: Commands[K]['args']) => Promise<Commands[K]['result']>;
  } = {
    seed: async (args) => seedTraders(app.db, args, quickPrices(usdtInrRate(app)).buy),
    prices: async () => {
      const p = quickPrices(usdtInrRate(app));
      return { rate: p.rate, buy: p.buy, sell: p.sell };
    },
    invariants: async () => checkLedgerInvariants(app.db),
    cpu: async (): Promise<CpuResult> => {
      const cpu = process.cpuUsage();
      const s = app.realtime.stats;
      return {
        userMicros: cpu.user,
        systemMicros: cpu.system,
        sockets: app.realtime.size,
        ticksSerialised: s.ticksSerialised,
        deltasSent: s.deltasSent,
        snapshotsSent: s.snapshotsSent,
        slowSkips: s.slowSkips,
        ticks: fanout.ticks,
        fanoutCpuMicros: fanout.cpuMicros,
        fanoutWallMs: fanout.wallMs,
        rssBytes: process.memoryUsage().rss,
      };
    },
    tick: async () => ({ changed: (await app.market.tick()).changed.length }),
    memory: async ({ gc, reset }): Promise<MemoryResult> => {
      const collect = (globalThis as { gc?: () => void }).gc;
      if (gc && collect) {
        collect();
        collect();
      }
      if (sampler) clearInterval(sampler);
      sampler = null;
      const now = sample();
      const result = {
        gcExposed: Boolean(collect),
        rssBytes: now.rss,
        heapUsedBytes: now.heapUsed,
        peakRssBytes: peaks.rss,
        peakHeapUsedBytes: peaks.heapUsed,
      };
      if (reset) {
        peaks.rss = now.rss;
        peaks.heapUsed = now.heapUsed;
        sampler = setInterval(sample, 10);
      }
      return result;
    },
    close: async () => {
      setImmediate(() => void close());
      return null;
    },
  };

  process.on('message', (raw: RequestMessage) => {
    const handler = handlers[raw.cmd] as (args: unknown) => Promise<unknown>;
    handler(raw.args).then(
      (result) => send({ id: raw.id, ok: true, result }),
      (err: unknown) =>
        send({
          id: raw.id,
          ok: false,
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        }),
    );
  });

  const address = await app.listen({ host: '127.0.0.1', port: config.PORT });
  send({ event: 'ready', port: Number(new URL(address).port) });
}

main().catch((err: unknown) => {
  send({ event: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
