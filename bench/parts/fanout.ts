import { REALTIME_PATH } from '@sikka/contracts';
import { ClientPool } from '../clients/client-pool.ts';
import { openFileLimit, type BenchContext } from '../lib/context.ts';
import { percentile, round3, sleep } from '../lib/stats.ts';

/** Largest N with p99 delivery lag within this (issue 8, item 3). */
const LAG_LIMIT_MS = 200;
const FULL_STEPS = [500, 1000, 2500, 5000, 7500];
const SHORT_STEPS = [200];
/** File descriptors kept free for everything else a process opens. */
const FD_MARGIN = 200;

interface Step {
  subscribers: number;
  connectFailed: number;
  ticks: number;
  deltasReceived: number;
  /** Deliveries owed (subscribers × ticks sent) that never arrived. */
  missed: number;
  p50LagMs: number | null;
  p99LagMs: number | null;
  maxLagMs: number | null;
  deltaBytesAvg: number | null;
  snapshotBytes: number;
  serverCpuMsPerTick: number | null;
  fanoutCpuMsPerTick: number | null;
  fanoutWallMsPerTick: number | null;
  slowSkips: number;
  passed: boolean;
}

/**
 * Item 3: N subscribers in separate processes, the simulated feed ticking once a second as in
 * production; each delta's delivery lag, bytes per subscriber per tick against the snapshot,
 * and the server's CPU per tick, stepping N up until the lag target is missed.
 */
export async function benchFanout(ctx: BenchContext): Promise<void> {
  const part = '3 fan-out';
  const steps = ctx.short ? SHORT_STEPS : FULL_STEPS;
  const ticksPerStep = ctx.short ? 2 : 5;
  const fdLimit = openFileLimit();
  const processes = Number(process.env.BENCH_CLIENT_PROCS ?? (ctx.short ? 1 : 2));
  const server = await ctx.liveServer();
  const pool = await ClientPool.start(processes);
  const url = `${server.url.replace('http', 'ws')}${REALTIME_PATH}`;
  const results: Step[] = [];
  let capNote = '';
  try {
    let connected = 0;
    for (const n of steps) {
      // Every socket is a descriptor in the server and in one subscriber process.
      if (fdLimit !== null && (n + FD_MARGIN > fdLimit || n / processes + FD_MARGIN > fdLimit)) {
        capNote = `open-file limit ${fdLimit} (ulimit -n) stops the steps before N=${n}`;
        ctx.log(`  ${capNote}`);
        break;
      }
      ctx.log(`  ${n} subscribers: connecting`);
      const conn = await pool.connect(url, n - connected);
      connected = n;
      // Let the connect burst settle. The window holds the deltas the server stamped within
      // it; a grace second after it lets the last of them arrive everywhere before collecting.
      await sleep(1500);
      await pool.collect();
      const before = await server.call('cpu', {});
      const from = Date.now();
      await sleep(ticksPerStep * 1000);
      const to = Date.now();
      const after = await server.call('cpu', {});
      await sleep(1000);
      const seen = await pool.collect();
      const ticks = after.ticks - before.ticks;
      const sent = after.ticksSerialised - before.ticksSerialised;
      const inWindow = Object.entries(seen.ticks)
        .filter(([stamp]) => Date.parse(stamp) >= from && Date.parse(stamp) < to)
        .map(([, t]) => t);
      const lags = inWindow.flatMap((t) => t.lags);
      const received = inWindow.reduce((m, t) => m + t.n, 0);
      // Per delta, the sockets that did not get it; plus deltas sent that nobody got (the
      // window's edges may shift one tick between the server's count and the stamps).
      const missed =
        inWindow.reduce((m, t) => m + Math.max(0, seen.open - t.n), 0) +
        Math.max(0, sent - 1 - inWindow.length) * seen.open;
      const cpuMs =
        (after.userMicros + after.systemMicros - before.userMicros - before.systemMicros) / 1000;
      const p99 = percentile(lags, 0.99);
      const step: Step = {
        subscribers: seen.open,
        connectFailed: conn.failed,
        ticks,
        deltasReceived: received,
        missed,
        p50LagMs: percentile(lags, 0.5),
        p99LagMs: p99,
        maxLagMs: percentile(lags, 1),
        // Per delivery: the bytes each socket received for a tick, averaged over the window.
        deltaBytesAvg: received > 0 ? inWindow.reduce((b, t) => b + t.bytes, 0) / received : null,
        snapshotBytes: conn.snapshotBytes,
        serverCpuMsPerTick: ticks > 0 ? cpuMs / ticks : null,
        fanoutCpuMsPerTick:
          ticks > 0 ? (after.fanoutCpuMicros - before.fanoutCpuMicros) / 1000 / ticks : null,
        fanoutWallMsPerTick: ticks > 0 ? (after.fanoutWallMs - before.fanoutWallMs) / ticks : null,
        slowSkips: after.slowSkips - before.slowSkips,
        passed: false,
      };
      step.passed =
        conn.failed === 0 &&
        seen.closedUnexpectedly === 0 &&
        seen.open === n &&
        inWindow.length > 0 &&
        missed === 0 &&
        p99 !== null &&
        p99 <= LAG_LIMIT_MS;
      results.push(step);
      ctx.log(
        `  ${n} subscribers: p99 lag ${p99?.toFixed(0)} ms, ${inWindow.length} deltas × ${seen.open} sockets, ${missed} missed, server CPU ${step.serverCpuMsPerTick?.toFixed(1)} ms/tick`,
      );
      // A step that misses the lag target narrowly may be the machine's noise: the next step
      // still runs. Lost deliveries, failed connects or a lag far over the target end it.
      const broken = conn.failed > 0 || missed > 0 || seen.open !== n || p99 === null;
      if (broken || p99 > 3 * LAG_LIMIT_MS) break;
    }
  } finally {
    await pool.close();
  }

  const passed = results.filter((s) => s.passed);
  const best = passed.at(-1) ?? null;
  const last = results.at(-1) ?? null;
  const failedSteps = results.filter((s) => !s.passed).map((s) => s.subscribers);
  const shown = best ?? last;
  const { report } = ctx;
  const target = ctx.short ? SHORT_STEPS[0]! : 5000;
  const stoppedAt = !last
    ? capNote
    : last.passed
      ? capNote || `the largest step (${last.subscribers})`
      : `N=${last.subscribers}: p99 ${last.p99LagMs?.toFixed(0)} ms, ${last.missed} deliveries missed, ${last.connectFailed} connects failed`;
  const why = `steps ${results.map((s) => `${s.subscribers}: ${s.p99LagMs ?? '—'} ms`).join(', ')}${failedSteps.length > 0 ? ` (over the target: ${failedSteps.join(', ')})` : ''}; stopped at ${stoppedAt}`;
  report.bound(
    part,
    `largest N with p99 lag ≤ ${LAG_LIMIT_MS} ms`,
    best?.subscribers ?? 0,
    'subscribers',
    '≥',
    target,
    `${why}; open-file limit ${fdLimit ?? 'unknown'}`,
  );
  report.info(
    part,
    `p99 delivery lag at N=${shown?.subscribers ?? 0}`,
    shown?.p99LagMs ?? null,
    'ms',
    `p50 ${shown?.p50LagMs ?? '—'} ms, max ${shown?.maxLagMs ?? '—'} ms`,
  );
  report.ratio(
    part,
    'bytes per subscriber per tick',
    shown?.deltaBytesAvg ?? null,
    'B',
    shown?.snapshotBytes ?? null,
    'full snapshot B',
    '≤',
    0.1,
  );
  report.info(
    part,
    `server CPU per tick at N=${shown?.subscribers ?? 0}`,
    shown?.serverCpuMsPerTick ?? null,
    'ms',
    `synchronous fan-out ${shown?.fanoutCpuMsPerTick?.toFixed(2) ?? '—'} ms CPU, ${shown?.fanoutWallMsPerTick?.toFixed(2) ?? '—'} ms wall`,
  );
  report.details[part] = {
    openFileLimit: fdLimit,
    subscriberProcesses: processes,
    ticksPerStep,
    steps: results.map((s) => ({
      ...s,
      p50LagMs: round3(s.p50LagMs),
      p99LagMs: round3(s.p99LagMs),
      deltaBytesAvg: round3(s.deltaBytesAvg),
      serverCpuMsPerTick: round3(s.serverCpuMsPerTick),
      fanoutCpuMsPerTick: round3(s.fanoutCpuMsPerTick),
      fanoutWallMsPerTick: round3(s.fanoutWallMsPerTick),
    })),
  };
}
