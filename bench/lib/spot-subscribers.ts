/**
 * A process full of spot book subscribers (part 12), driven by the bench over IPC: each socket
 * sends spotSubscribe, takes its snapshot, then records the receive time of every spotBook
 * delta by seq and checks that the seqs follow one another. Kept apart from the server's
 * process so the two never share a thread; like bench/clients/ws-clients.ts, a frame is never
 * JSON-parsed (its seq is read from its first bytes).
 *
 * Times are performance.timeOrigin + performance.now(): the same clock as Date.now() in
 * every process on the machine, with sub-millisecond resolution.
 */
import WebSocket from 'ws';
import type { SpotSubCommand, SpotSubReply } from './spot-subscriber-pool.ts';

interface Sub {
  ws: WebSocket;
  /** The last seq this socket got; null before its snapshot. */
  seq: number | null;
}

const subs = new Set<Sub>();
/** Receive times by seq, one entry per socket that got it. */
let received = new Map<number, number[]>();
let gaps = 0;
let resnapshots = 0;
let closedUnexpectedly = 0;

const HEAD = Buffer.from('{"type":"spotBook"');
const SEQ = /"seq":(\d+),"snapshot":(true|false)/;
const now = () => performance.timeOrigin + performance.now();
const reply = (m: SpotSubReply) => process.send?.(m);

function onMessage(s: Sub, data: Buffer, at: number): void {
  if (!data.subarray(0, HEAD.length).equals(HEAD)) return;
  const m = SEQ.exec(data.toString('latin1', 0, 120));
  if (!m) return;
  const seq = Number(m[1]);
  if (m[2] === 'true') {
    // After the first: the server skipped deltas to a slow socket and sent the book instead.
    if (s.seq !== null) resnapshots += 1;
    s.seq = seq;
    return;
  }
  if (s.seq !== null && seq !== s.seq + 1) gaps += Math.max(1, seq - s.seq - 1);
  s.seq = seq;
  let times = received.get(seq);
  if (!times) received.set(seq, (times = []));
  times.push(at);
}

/** Opens one subscriber; resolves when its snapshot arrived (true) or it failed (false). */
function open(url: string, market: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    const s: Sub = { ws, seq: null };
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!ok) ws.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'spotSubscribe', market })));
    ws.on('message', (data: Buffer) => {
      onMessage(s, data, now());
      if (s.seq !== null) done(true);
    });
    ws.on('error', () => done(false));
    ws.on('close', () => {
      if (subs.delete(s) && settled) closedUnexpectedly += 1;
      done(false);
    });
    subs.add(s);
  });
}

async function connect(url: string, market: string, count: number, concurrency: number) {
  let opened = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      if (await open(url, market, 30_000)) opened += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  reply({ cmd: 'connected', opened, failed, open: subs.size });
}

/** Lag histogram: 0.1 ms buckets (keys may be negative), merged exactly across processes. */
function histogram(refs: Record<string, number>): Record<string, number> {
  const h: Record<string, number> = {};
  for (const [seq, times] of received) {
    const ref = refs[seq];
    if (ref === undefined) continue;
    for (const t of times) {
      const b = Math.round((t - ref) * 10);
      h[b] = (h[b] ?? 0) + 1;
    }
  }
  return h;
}

process.on('message', (m: SpotSubCommand) => {
  switch (m.cmd) {
    case 'connect':
      void connect(m.url, m.market, m.count, m.concurrency);
      break;
    case 'reset':
      received = new Map();
      gaps = 0;
      resnapshots = 0;
      reply({ cmd: 'reset' });
      break;
    case 'firsts': {
      const firsts: Record<string, { first: number; n: number }> = {};
      for (const [seq, times] of received) {
        firsts[seq] = { first: Math.min(...times), n: times.length };
      }
      reply({ cmd: 'firsts', firsts, open: subs.size, gaps, resnapshots, closedUnexpectedly });
      break;
    }
    case 'lags':
      reply({ cmd: 'lags', byFirst: histogram(m.firsts), byAck: histogram(m.acks) });
      break;
    case 'close':
      for (const s of subs) s.ws.terminate();
      subs.clear();
      reply({ cmd: 'closed' });
      setImmediate(() => process.exit(0));
      break;
  }
});
process.on('disconnect', () => process.exit(0));
reply({ cmd: 'ready' });
