import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { english, generateMnemonic } from 'viem/accounts';
import type { PgCluster } from '../../test/support/pg-cluster.ts';
import { startDevChain, type DevChain } from '../../test/support/server.ts';
import type { BenchContext } from '../lib/context.ts';
import { createDatabase } from '../lib/databases.ts';
import { percentile, round3, sleep } from '../lib/stats.ts';
import {
  blockSizes,
  CONFIRMATIONS,
  mineUntil,
  openApp,
  rpc,
  seedDepositors,
  sendTransfers,
  unitsOf,
  verifyCredited,
  type Depositor,
  type Transfer,
} from './chain-load.ts';

/*
 * Issue 15: how many USDT deposit logs per second the deposit watcher credits (target
 * ≥ 1,000/s on the local chain with PostgreSQL), and the lag from the confirming block to
 * the user's balance event. The production buildApp runs in this process on a fresh
 * database, its crypto wallet on a local Anvil chain started here (manual mining), so the
 * bench decides when blocks appear. Only the app's public surface is used: the deposit
 * address route, `app.cryptoWallet.watcher.step()` / its loop, and the database.
 */

const PART = '8 chain deposits';
const TARGET_LOGS_PER_S = 1_000;
const DB_NAME = 'bench_chain';

interface Throughput {
  logs: number;
  users: number;
  blocks: number;
  logsPerBlock: number[];
  putOnChainSeconds: number;
  steps: number;
  seconds: number;
  logsPerSecond: number;
  /** From the database's clock_timestamp() columns, ms after the first step began. */
  firstRecordedMs: number;
  recordingMs: number;
  firstCreditedMs: number;
  creditingMs: number;
  /** The adapter's RPC scan of the same range, timed again alone after the watcher's run. */
  rpcScanMs: number;
}

async function measureThroughput(
  ctx: BenchContext,
  app: FastifyInstance,
  chain: DevChain,
  db: pg.Client,
  depositors: Depositor[],
  expected: Map<string, bigint>,
  logs: number,
): Promise<Throughput> {
  const wallet = app.cryptoWallet!;
  const chainId = wallet.adapter.chainId;
  const firstBlock = (await wallet.adapter.head()) + 1n;
  const transfers: Transfer[] = [];
  for (let i = 0; i < logs; i++) {
    const d = depositors[i % depositors.length]!;
    transfers.push({ to: d.address, units: unitsOf(i) });
    expected.set(d.userId, (expected.get(d.userId) ?? 0n) + unitsOf(i));
  }
  const put = performance.now();
  const nonce = await sendTransfers(chain, transfers);
  const blocks = await mineUntil(chain, nonce);
  const lastBlock = firstBlock + BigInt(blocks) - 1n;
  // The last transfer's block needs CONFIRMATIONS blocks, its own included.
  await chain.mine(CONFIRMATIONS - 1);
  const putOnChainSeconds = (performance.now() - put) / 1000;
  const logsPerBlock = await blockSizes(chain, firstBlock, lastBlock);
  ctx.log(
    `  ${logs.toLocaleString('en-US')} transfers to ${depositors.length} addresses in ${blocks} blocks (${logsPerBlock.join(', ')}), on chain in ${putOnChainSeconds.toFixed(1)} s`,
  );

  const startedAt = Date.now();
  const started = performance.now();
  let credited = 0;
  let steps = 0;
  for (;;) {
    const r = await wallet.watcher.step();
    steps++;
    credited += r.credited.length;
    if (r.caughtUp && credited >= logs) break;
    if (performance.now() - started > 120_000) {
      throw new Error(`the watcher credited ${credited} of ${logs} in 120 s (${steps} steps)`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await verifyCredited(db, chainId, depositors, expected, logs);

  const [t] = (
    await db.query<Record<'r0' | 'r1' | 'c0' | 'c1', string>>(
      `SELECT (extract(epoch FROM min(created_at)) * 1000)::text AS r0,
              (extract(epoch FROM max(created_at)) * 1000)::text AS r1,
              (extract(epoch FROM min(credited_at)) * 1000)::text AS c0,
              (extract(epoch FROM max(credited_at)) * 1000)::text AS c1
         FROM chain_deposits WHERE chain_id = $1`,
      [chainId],
    )
  ).rows;
  const ms = (s: string) => Number(s) - startedAt;

  const addresses = depositors.map((d) => d.address);
  const scan = performance.now();
  const again = await wallet.adapter.transfersTo(addresses, firstBlock, lastBlock);
  const rpcScanMs = performance.now() - scan;
  if (again.length !== logs) throw new Error(`the rescan found ${again.length} of ${logs} logs`);

  return {
    logs,
    users: depositors.length,
    blocks,
    logsPerBlock,
    putOnChainSeconds: round3(putOnChainSeconds)!,
    steps,
    seconds: round3(seconds)!,
    logsPerSecond: Math.round(logs / seconds),
    firstRecordedMs: Math.round(ms(t!.r0)),
    recordingMs: Math.round(Number(t!.r1) - Number(t!.r0)),
    firstCreditedMs: Math.round(ms(t!.c0)),
    creditingMs: Math.round(Number(t!.c1) - Number(t!.c0)),
    rpcScanMs: Math.round(rpcScanMs),
  };
}

interface Lag {
  pollMs: number;
  rounds: number;
  lagsMs: number[];
  p50: number;
  p95: number;
  max: number;
}

/**
 * With the watcher's own loop running: one deposit per round, its block and the confirmations
 * mined in one `anvil_mine`, timed from that call's return to the `balance_changed`
 * notification for the user on a LISTEN connection of this process. A random pause before
 * each round samples every phase of the poll loop.
 */
async function measureLag(
  ctx: BenchContext,
  chain: DevChain,
  dbUrl: string,
  mnemonic: string,
  depositors: Depositor[],
  expected: Map<string, bigint>,
  pollMs: number,
  rounds: number,
): Promise<Lag> {
  const app = await openApp(ctx, chain, dbUrl, mnemonic, pollMs, true);
  const listener = new pg.Client({ connectionString: dbUrl });
  const waiting = new Map<string, (at: number) => void>();
  try {
    await listener.connect();
    listener.on('notification', (n) => {
      const at = performance.now();
      waiting.get(n.payload ?? '')?.(at);
    });
    await listener.query('LISTEN balance_changed');
    const lagsMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      await sleep(Math.random() * pollMs);
      const d = depositors[r % depositors.length]!;
      const units = unitsOf(1_000_000 + r);
      expected.set(d.userId, (expected.get(d.userId) ?? 0n) + units);
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no balance event for a deposit in 15 s (poll ${pollMs} ms)`)),
          15_000,
        );
        waiting.set(d.userId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      await sendTransfers(chain, [{ to: d.address, units }]);
      await chain.mine(CONFIRMATIONS);
      const confirmed = performance.now();
      lagsMs.push(round3((await arrived) - confirmed)!);
      waiting.delete(d.userId);
    }
    const q = (p: number) => percentile(lagsMs, p)!;
    ctx.log(
      `  lag at poll ${pollMs} ms: p50 ${q(0.5).toFixed(0)}, p95 ${q(0.95).toFixed(0)}, max ${q(1).toFixed(0)} ms over ${rounds} deposits`,
    );
    return { pollMs, rounds, lagsMs, p50: q(0.5), p95: q(0.95), max: q(1) };
  } finally {
    await listener.end().catch(() => undefined);
    await app.close();
  }
}

export async function benchChain(ctx: BenchContext, cluster: PgCluster): Promise<void> {
  const users = ctx.short ? 20 : 200;
  const logs = ctx.short ? 200 : 5_000;
  const rounds = ctx.short ? 3 : 20;
  const dbUrl = await createDatabase(cluster.url, DB_NAME);
  const mnemonic = generateMnemonic(english);
  let chain: DevChain | null = null;
  let app: FastifyInstance | null = null;
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    await db.connect();
    chain = await startDevChain({ mining: 'manual' });
    const started = await rpc(chain.rpcUrl, 'web3_clientVersion');
    ctx.log(`  ${String(started)} at ${chain.rpcUrl}, ${CONFIRMATIONS} confirmations`);
    // The throughput run steps the watcher itself; its loop stays off.
    app = await openApp(ctx, chain, dbUrl, mnemonic, 1_000, false);
    const depositors = await seedDepositors(app, users);
    const expected = new Map<string, bigint>();
    const t = await measureThroughput(ctx, app, chain, db, depositors, expected, logs);
    await app.close();
    app = null;
    ctx.log(
      `  watcher credited ${t.logs.toLocaleString('en-US')} logs in ${t.seconds.toFixed(2)} s (${t.steps} steps): ${t.logsPerSecond.toLocaleString('en-US')} logs/s`,
    );
    const split = `first record at ${t.firstRecordedMs} ms, recording ${t.recordingMs} ms, first credit at ${t.firstCreditedMs} ms, crediting ${t.creditingMs} ms; the adapter's RPC scan of the range alone ${t.rpcScanMs} ms`;
    ctx.log(`  ${split}`);
    ctx.report.ratio(
      PART,
      `deposit logs credited per second (${t.logs.toLocaleString('en-US')} logs, ${t.users} users, ${t.blocks} blocks)`,
      t.logsPerSecond,
      'logs/s',
      TARGET_LOGS_PER_S,
      'issue 15 target',
      '≥',
      1,
      `${t.seconds.toFixed(2)} s from the first step() to the last credit, ${t.steps} steps; ${split}`,
    );
    ctx.report.info(
      PART,
      'watcher: RPC scan of the range (eth_getLogs + blocks)',
      t.rpcScanMs,
      'ms',
    );
    ctx.report.info(PART, 'watcher: recording the transfers (SQL)', t.recordingMs, 'ms');
    ctx.report.info(PART, 'watcher: crediting (credit_chain_deposits)', t.creditingMs, 'ms');

    const lags: Lag[] = [];
    for (const pollMs of [250, 1_000]) {
      const lag = await measureLag(
        ctx,
        chain,
        dbUrl,
        mnemonic,
        depositors,
        expected,
        pollMs,
        rounds,
      );
      lags.push(lag);
      const note = `p50 ${lag.p50.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms over ${rounds} deposits; from the anvil_mine that confirmed it (${CONFIRMATIONS} confirmations) to balance_changed on LISTEN`;
      // Expected: up to one poll interval of waiting plus a step; 250 ms of slack for that step.
      ctx.report.bound(
        PART,
        `lag confirmation → balance event p95, poll ${pollMs} ms`,
        lag.p95,
        'ms',
        '≤',
        pollMs + 250,
        note,
      );
    }
    await verifyCredited(db, chain.chainId, depositors, expected, logs + 2 * rounds);
    ctx.report.details[PART] = { confirmations: CONFIRMATIONS, throughput: t, lags };
  } finally {
    await app?.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await chain?.stop();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).finally(() => admin.end());
  }
}
