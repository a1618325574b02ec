/**
 * `npm run bench`: every performance figure of issue 8 on this one machine, each printed next
 * to its reference measured in the same run, then written to bench/results.json.
 *
 *   npm run bench                 full run (a few minutes)
 *   npm run bench -- --short      a tiny version of every part (CI: the bench cannot rot)
 *   npm run bench -- --only=1,3   some parts only
 *
 * Exits non-zero only when the bench itself breaks; a missed target is a figure, not a
 * failure. Missing PostgreSQL or Chromium skips the parts that need them, saying so; the
 * bench installs nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath, startPgCluster, type PgCluster } from '../test/support/pg-cluster.ts';
import { machineInfo, pgBinDir, type BenchContext } from './lib/context.ts';
import { createDatabase } from './lib/databases.ts';
import { Report } from './lib/report.ts';
import { benchChain } from './parts/chain.ts';
import { benchFanout } from './parts/fanout.ts';
import { benchGrowth } from './parts/growth.ts';
import { benchSpotDepth } from './parts/spot-depth.ts';
import { benchSpotEngine } from './parts/spot-engine.ts';
import { benchSpotFanout } from './parts/spot-fanout.ts';
import { benchSpotHttp } from './parts/spot-http.ts';
import { benchStartup } from './parts/startup.ts';
import { benchStatement } from './parts/statement.ts';
import { benchTradesEmbedded, benchTradesPostgres } from './parts/trades.ts';
import { benchUpstream } from './parts/upstream.ts';
import { benchWeb, buildWeb, WEB_DIST_DIR } from './parts/web.ts';
import { startServer, type ServerChild } from './lib/server-process.ts';

interface Part {
  id: string;
  title: string;
  needs: Array<'postgres' | 'chromium'>;
  run(ctx: BenchContext, cluster: PgCluster | null): Promise<void>;
}

const PARTS: Part[] = [
  {
    id: '1',
    title: 'Quick trade throughput on PostgreSQL',
    needs: ['postgres'],
    run: (ctx, cluster) => benchTradesPostgres(ctx, cluster!),
  },
  {
    id: '2',
    title: 'Quick trades on the embedded databases (PostgreSQL from npm, PGlite)',
    needs: [],
    run: (ctx) => benchTradesEmbedded(ctx),
  },
  { id: '3', title: 'Live-price fan-out', needs: [], run: (ctx) => benchFanout(ctx) },
  { id: '4', title: 'Upstream ticker load', needs: [], run: (ctx) => benchUpstream(ctx) },
  {
    id: '5',
    title: 'Web: bundle, Lighthouse, table update cost',
    needs: [],
    run: (ctx) => benchWeb(ctx),
  },
  {
    id: '6',
    title: 'Growth: list pages at 10k and 1M trades',
    needs: ['postgres'],
    run: (ctx, cluster) => benchGrowth(ctx, cluster!),
  },
  {
    id: '7',
    title: 'Statement: pages at 10k and 1M ledger rows, CSV export memory',
    needs: ['postgres'],
    run: (ctx, cluster) => benchStatement(ctx, cluster!),
  },
  {
    id: '8',
    title: 'Chain deposits: watcher crediting on PostgreSQL',
    needs: ['postgres'],
    run: (ctx, cluster) => benchChain(ctx, cluster!),
  },
  {
    id: '9',
    title: 'Spot engine alone: a recorded stream of mixed orders, next to nodejs-order-book',
    needs: [],
    run: (ctx) => benchSpotEngine(ctx),
  },
  {
    id: '10',
    title: 'Spot orders over HTTP on PostgreSQL, next to quick trades',
    needs: ['postgres'],
    run: (ctx) => benchSpotHttp(ctx),
  },
  {
    id: '11',
    title: 'Spot order placement with a deep book',
    needs: ['postgres'],
    run: (ctx, cluster) => benchSpotDepth(ctx, cluster!),
  },
  {
    id: '12',
    title: 'Spot order-book fan-out over WebSocket',
    needs: [],
    run: (ctx) => benchSpotFanout(ctx),
  },
  {
    id: '13',
    title: 'Server start-up and memory: compiled next to tsx',
    needs: [],
    run: (ctx) => benchStartup(ctx),
  },
];

function parseArgs(argv: string[]): { short: boolean; only: Set<string> | null } {
  let short = false;
  let only: Set<string> | null = null;
  for (const arg of argv) {
    if (arg === '--short') short = true;
    else if (arg.startsWith('--only=')) only = new Set(arg.slice(7).split(','));
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench [-- --short] [-- --only=1,2,3,…,13]');
      process.exit(0);
    } else {
      console.error(`unknown argument ${arg}`);
      process.exit(2);
    }
  }
  return { short, only };
}

async function main(): Promise<number> {
  const { short, only } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const tmp = mkdtempSync(path.join(tmpdir(), 'sikka-bench-'));
  const report = new Report();
  const chromium = chromiumPath();
  let cluster: Promise<PgCluster | { missing: string }> | null = null;
  let live: Promise<ServerChild> | null = null;
  const log = (m: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}`);
  const ctx: BenchContext = {
    short,
    report,
    tmp,
    log,
    chromium,
    postgres: () =>
      (cluster ??= startPgCluster().catch((err: unknown) => ({ missing: String(err) }))),
    async scratchDatabase(name): Promise<Record<string, string>> {
      const c = await ctx.postgres();
      if ('missing' in c) return {};
      return { DATABASE_URL: await createDatabase(c.url, name) };
    },
    liveServer: async () =>
      (live ??= ctx.scratchDatabase('bench_live').then((db) =>
        startServer(
          {
            ...db,
            DATA_DIR: path.join(tmp, 'live'),
            WEB_DIST: WEB_DIST_DIR,
            MARKET_POLL_MS: '1000',
          },
          path.join(tmp, 'server-live.log'),
        ),
      )),
    webBuildProblem: null,
  };
  const machine = machineInfo(chromium);
  log(
    `Sikka bench (${short ? 'short' : 'full'}) on ${machine.cpus} × ${machine.cpuModel}, load ${machine.loadAverage1m}, node ${machine.node}`,
  );
  if (!pgBinDir())
    log(
      'PostgreSQL not found (apt-get install postgresql): parts 1 and 6 are skipped, the others use the embedded PGlite',
    );
  if (!chromium)
    log(
      'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH): browser figures are skipped',
    );

  let broke = false;
  const stopCluster = async () => {
    await (await live?.catch(() => null))?.stop();
    const c = await cluster;
    if (c && 'stop' in c) c.stop();
  };
  process.once('SIGINT', () => {
    void stopCluster().finally(() => process.exit(130));
  });
  try {
    // The web app is built before any server starts: a server registers the built files it
    // finds at start-up. The full run measures the current sources; the short run reuses a
    // build when there is one (CI has just built).
    if (!only || only.has('5')) ctx.webBuildProblem = await buildWeb(ctx);
    for (const part of PARTS) {
      if (only && !only.has(part.id)) continue;
      const t0 = Date.now();
      log(`${part.id}. ${part.title}`);
      let pgc: PgCluster | null = null;
      if (part.needs.includes('postgres')) {
        const c = await ctx.postgres();
        if ('missing' in c) {
          const reason = `PostgreSQL missing: ${c.missing}`;
          log(`  skipped: ${reason}`);
          report.missing(part.id, reason);
          report.parts.push({ part: part.id, status: 'skipped', seconds: 0, reason });
          continue;
        }
        pgc = c;
      }
      try {
        await part.run(ctx, pgc);
        report.parts.push({ part: part.id, status: 'ran', seconds: (Date.now() - t0) / 1000 });
      } catch (err) {
        broke = true;
        const reason = err instanceof Error ? (err.stack ?? err.message) : String(err);
        log(`  BROKE: ${reason}`);
        report.missing(part.id, `the bench broke: ${reason.split('\n')[0]}`);
        report.parts.push({
          part: part.id,
          status: 'broke',
          seconds: (Date.now() - t0) / 1000,
          reason,
        });
      }
      log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await stopCluster();
  }

  const results = {
    mode: short ? 'short' : 'full',
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    machine: { ...machine, loadAverage1mAtEnd: machineInfo(undefined).loadAverage1m },
    parts: report.parts,
    figures: report.figures,
    details: report.details,
  };
  const out = new URL('./results.json', import.meta.url).pathname;
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${report.table()}\n`);
  const judged = report.figures.filter((f) => f.met !== null);
  console.log(
    `${judged.filter((f) => f.met).length} of ${judged.length} targets met; ${report.figures.filter((f) => f.value === null).length} not measured. Written to bench/results.json in ${results.seconds.toFixed(0)} s.`,
  );
  rmSync(tmp, { recursive: true, force: true });
  return broke ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
