import { REALTIME_PATH } from '@sikka/contracts';
import type { BenchContext } from '../lib/context.ts';
import { openFileLimit } from '../lib/context.ts';
import { histogramQuantile, SpotSubscriberPool } from '../lib/spot-subscriber-pool.ts';
import { limitOrderBody, prng, startSpotServer, USDT_INR } from '../lib/spot-load.ts';
import { round3, sleep } from '../lib/stats.ts';

const PART = '12 spot/fan-out';
const LAG_LIMIT_MS = 200;
const MARKET = 'USDT-INR';
/** Placements a second, one at a time: each is its own engine batch and its own delta. */
const RATE = 20;

interface Placement {
  sentAt: number;
  ackAt: number;
  status: number;
}

/**
 * Issue 17, part 12: N WebSocket subscribers of one market's book while orders that change its
 * top levels are placed over HTTP. Lag of a delta at a subscriber = its receive time − the
 * first receipt of that seq at any subscriber (the spread of one delta's fan-out; judged), and
 * − the 201 of the placing request (end to end after the answer; information, negative when
 * the delta beat the HTTP answer). Every subscriber must get every seq.
 */
export async function benchSpotFanout(ctx: BenchContext): Promise<void> {
  const subscribers = ctx.short ? 500 : 5000;
  const seconds = ctx.short ? 3 : 10;
  const processes = ctx.short ? 1 : 2;
  const fdLimit = openFileLimit();
  if (fdLimit !== null && subscribers + 200 > fdLimit) {
    throw new Error(`open-file limit ${fdLimit} (ulimit -n) is below ${subscribers} sockets`);
  }
  const server = await startSpotServer(
    ctx,
    'spot-fanout',
    await ctx.scratchDatabase('bench_spot_fanout'),
  );
  let pool: SpotSubscriberPool | null = null;
  try {
    const seeded = await server.call('seed', {
      users: 20,
      inrPerUser: '1000000',
      usdtPerUser: '1000',
    });
    const m = USDT_INR(Number((await server.call('prices', {})).rate));
    pool = await SpotSubscriberPool.start(processes);
    ctx.log(`  ${subscribers} subscribers of ${MARKET}: connecting`);
    const url = `${server.url.replace('http', 'ws')}${REALTIME_PATH}`;
    const conn = await pool.connect(url, MARKET, subscribers);
    await sleep(1000);
    await pool.reset();
    ctx.log(`  placing ${RATE} orders/s for ${seconds} s`);
    const rand = prng(12);
    const placements: Placement[] = [];
    const cpuBefore = await server.call('cpu', {});
    const t0 = Date.now();
    for (let i = 0; i < RATE * seconds; i++) {
      const wait = t0 + (i * 1000) / RATE - Date.now();
      if (wait > 0) await sleep(wait);
      const sentAt = performance.timeOrigin + performance.now();
      const res = await fetch(`${server.url}/api/spot/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: seeded.cookies[i % seeded.cookies.length]!,
        },
        // Within 10 ticks of the mid: every order changes the top levels (rests or fills).
        body: JSON.stringify(limitOrderBody(m, rand, 10)),
      });
      await res.arrayBuffer();
      placements.push({
        sentAt,
        ackAt: performance.timeOrigin + performance.now(),
        status: res.status,
      });
    }
    const cpuAfter = await server.call('cpu', {});
    await sleep(1500);
    const seen = await pool.firsts();
    // A delta belongs to the placement in flight when it was first received (one at a time).
    const firsts: Record<string, number> = {};
    const acks: Record<string, number> = {};
    for (const [seq, f] of seen.bySeq) {
      firsts[seq] = f.first;
      const p = placements.findLast((x) => x.sentAt <= f.first);
      if (p) acks[seq] = p.ackAt;
    }
    const lags = await pool.lags(firsts, acks);
    const seqs = [...seen.bySeq.keys()].sort((a, b) => a - b);
    const deltas = seqs.length > 0 ? seqs.at(-1)! - seqs[0]! + 1 : 0;
    let missed = 0;
    for (let s = seqs[0] ?? 0; deltas > 0 && s <= seqs.at(-1)!; s++) {
      missed += Math.max(0, seen.open - (seen.bySeq.get(s)?.n ?? 0));
    }
    const p99 = histogramQuantile(lags.byFirst, 0.99);
    const ok = placements.filter((p) => p.status === 201).length;
    const cpuMs =
      (cpuAfter.userMicros +
        cpuAfter.systemMicros -
        cpuBefore.userMicros -
        cpuBefore.systemMicros) /
      1000;
    const { report } = ctx;
    report.bound(
      PART,
      `p99 delta lag behind the first subscriber, N=${seen.open}`,
      p99,
      'ms',
      '≤',
      LAG_LIMIT_MS,
      `p50 ${histogramQuantile(lags.byFirst, 0.5)} ms, max ${histogramQuantile(lags.byFirst, 1)} ms; ${deltas} deltas from ${ok} placements at ${RATE}/s`,
    );
    report.bound(
      PART,
      'deltas missed (seq gaps)',
      missed + seen.gaps,
      '',
      '≤',
      0,
      `${seen.gaps} gaps seen by sockets, ${seen.resnapshots} snapshots instead of deltas, ${seen.closedUnexpectedly} sockets closed, ${conn.failed} connects failed`,
    );
    report.info(
      PART,
      'p99 delta lag after the placing 201',
      histogramQuantile(lags.byAck, 0.99),
      'ms',
      `p50 ${histogramQuantile(lags.byAck, 0.5)} ms (negative: the delta arrived before the HTTP answer)`,
    );
    report.info(
      PART,
      'server CPU per placement',
      ok > 0 ? cpuMs / ok : null,
      'ms',
      `order, batch, NOTIFY, and the delta to ${seen.open} sockets`,
    );
    report.details[PART] = {
      subscribers,
      open: seen.open,
      connectFailed: conn.failed,
      subscriberProcesses: processes,
      placements: placements.length,
      placedOk: ok,
      deltas,
      missed,
      gaps: seen.gaps,
      resnapshots: seen.resnapshots,
      p99LagMs: round3(p99),
      p99AckLagMs: round3(histogramQuantile(lags.byAck, 0.99)),
    };
  } finally {
    await pool?.close();
    await server.stop();
  }
}
