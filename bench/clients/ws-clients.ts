/**
 * A process full of realtime subscribers (and, optionally, browsers polling the tickers
 * endpoint), driven by the bench over IPC. Kept apart from the server's process so the two
 * never share a thread. Each market delta is timestamped on receipt and compared with the
 * `updatedAt` the server stamped into it (same machine, same clock).
 *
 * Cheap on purpose: a message is never JSON-parsed; its type and `updatedAt` are found by
 * byte search, so the client's own cost stays small next to the server's. A snapshot after
 * a socket's first message stands in for a delta (the server sends one when a tick reorders
 * the list, or to a slow socket catching up) and counts as that tick's delivery.
 */
import WebSocket from 'ws';
import type { ClientCommand, ClientReply, TickSeen } from './protocol.ts';

const sockets = new Set<WebSocket>();
const pollers: NodeJS.Timeout[] = [];
let ticks = new Map<string, TickSeen>();
let snapshotBytes = 0;
let snapshots = 0;
let closedUnexpectedly = 0;
let pollsOk = 0;
let pollsFailed = 0;

const TICKERS = Buffer.from('{"type":"tickers"');
const SNAPSHOT = Buffer.from('{"type":"snapshot"');
const UPDATED = Buffer.from('"updatedAt":"');

const reply = (m: ClientReply) => process.send?.(m);

function record(data: Buffer, now: number): void {
  const at = data.indexOf(UPDATED);
  if (at < 0) return;
  const stamp = data.toString('latin1', at + UPDATED.length, at + UPDATED.length + 24);
  let seen = ticks.get(stamp);
  if (!seen) ticks.set(stamp, (seen = { n: 0, bytes: 0, lags: [] }));
  seen.n += 1;
  seen.bytes += data.length;
  seen.lags.push(now - Date.parse(stamp));
}

/** `first`: the socket's first message, the snapshot every connect gets. */
function onMessage(data: Buffer, first: boolean): void {
  const now = Date.now();
  if (data.subarray(0, TICKERS.length).equals(TICKERS)) record(data, now);
  else if (data.subarray(0, SNAPSHOT.length).equals(SNAPSHOT)) {
    if (first) {
      snapshotBytes = data.length;
      snapshots += 1;
    } else record(data, now); // sent instead of a delta: what this tick cost the socket
  }
}

/** Opens one subscriber; resolves when its snapshot arrived (true) or it failed (false). */
function open(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!ok) ws.terminate();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    let first = true;
    ws.on('message', (data: Buffer) => {
      onMessage(data, first);
      first = false;
      done(true);
    });
    ws.on('error', () => done(false));
    ws.on('close', () => {
      if (sockets.delete(ws) && settled) closedUnexpectedly += 1;
      done(false);
    });
    sockets.add(ws);
  });
}

async function connect(url: string, count: number, concurrency: number): Promise<void> {
  let opened = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      if (await open(url, 30_000)) opened += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  reply({ cmd: 'connected', opened, failed, open: sockets.size, snapshotBytes });
}

function poll(url: string, browsers: number, everyMs: number): void {
  for (let i = 0; i < browsers; i++) {
    const timer = setInterval(() => {
      fetch(url).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.ok) pollsOk += 1;
          else pollsFailed += 1;
        },
        () => (pollsFailed += 1),
      );
    }, everyMs);
    pollers.push(timer);
  }
}

process.on('message', (m: ClientCommand) => {
  switch (m.cmd) {
    case 'connect':
      void connect(m.url, m.count, m.concurrency);
      break;
    case 'poll':
      poll(m.url, m.browsers, m.everyMs);
      reply({ cmd: 'polling', browsers: pollers.length });
      break;
    case 'collect':
      reply({
        cmd: 'collected',
        ticks: Object.fromEntries(ticks),
        snapshots,
        snapshotBytes,
        open: sockets.size,
        closedUnexpectedly,
        pollsOk,
        pollsFailed,
      });
      ticks = new Map();
      pollsOk = 0;
      pollsFailed = 0;
      break;
    case 'close':
      for (const t of pollers.splice(0)) clearInterval(t);
      for (const ws of sockets) ws.terminate();
      sockets.clear();
      reply({ cmd: 'closed' });
      setImmediate(() => process.exit(0));
      break;
  }
});
process.on('disconnect', () => process.exit(0));
reply({ cmd: 'ready' });
