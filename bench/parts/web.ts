import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchContext } from '../lib/context.ts';
import { initialJsForHome } from '../web/bundle.ts';
import { lighthouseScores } from '../web/lighthouse.ts';
import { tableUpdateCost } from '../web/table-cost.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = path.join(ROOT, 'apps/web/dist');
export const WEB_DIST_DIR = DIST;
const FRAME_MS = 1000 / 60;

/**
 * Item 5: initial JavaScript of / (gzip) from the build, Lighthouse on / and /markets, and
 * the market table's cost per tick from a browser trace, all against the real server.
 */
/** Builds the web app (full run, or no build yet); the problem when it failed, else null. */
export async function buildWeb(ctx: BenchContext): Promise<string | null> {
  if (ctx.short && existsSync(path.join(DIST, 'index.html'))) return null;
  ctx.log('npm run build (web app)');
  try {
    await run('npm', ['run', 'build'], { cwd: ROOT, timeout: 300_000, maxBuffer: 1 << 24 });
    return null;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n').slice(0, 3).join(' ') : String(err);
    ctx.log(`  web build failed: ${why}`);
    return why;
  }
}

export async function benchWeb(ctx: BenchContext): Promise<void> {
  const part = '5 web';
  const { report } = ctx;
  if (!existsSync(path.join(DIST, 'index.html')))
    throw new Error(`no web build in ${DIST}: ${ctx.webBuildProblem ?? 'run npm run build'}`);
  if (ctx.webBuildProblem)
    report.info(
      part,
      'web build',
      null,
      '',
      `failed, measuring the previous build: ${ctx.webBuildProblem}`,
    );
  const bundle = initialJsForHome(DIST);
  report.bound(
    part,
    'initial JS for / (gzip)',
    bundle.gzipBytes / 1024,
    'KB',
    '≤',
    150,
    bundle.files.map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`).join(', '),
  );
  report.bound(part, 'lazy route chunks (routes split)', bundle.lazyChunks, '', '≥', 2);
  report.details[part] = { initialJs: bundle };

  if (!ctx.chromium) {
    report.missing(
      part,
      'Chromium not found (apt-get install chromium or set CHROMIUM_PATH): Lighthouse and the table trace are skipped',
    );
    return;
  }
  // The live server is shared and the runner's to stop.
  const server = await ctx.liveServer();
  const seconds = ctx.short ? 3 : 10;
  ctx.log(`  market table trace, ${seconds} s`);
  const cost = await tableUpdateCost(ctx.chromium, server.url, seconds);
  // Thread CPU time is the figure: wall time on a shared machine also counts the time the
  // page's thread waited for a core. Both are printed.
  report.bound(
    part,
    `market table cost per tick (${cost.coins} coins)`,
    cost.cpuMsPerTick ?? cost.msPerTick,
    'ms',
    '≤',
    FRAME_MS / 2,
    `main-thread ${cost.cpuMsPerTick === null ? 'wall' : 'CPU'} time per tick (wall ${cost.msPerTick?.toFixed(1) ?? '—'} ms), ${cost.ticks} ticks in ${seconds} s, longest task ${cost.longestTaskMs.toFixed(1)} ms; target: half a frame`,
  );
  report.info(
    part,
    'initial JS for / as fetched by the browser (gzip)',
    cost.observedInitialJsGzip / 1024,
    'KB',
    `${cost.observedInitialJsFiles} scripts`,
  );
  (report.details[part] as Record<string, unknown>).tableCost = cost;

  if (ctx.short) {
    report.info(
      part,
      'Lighthouse',
      null,
      '',
      'skipped in short mode (a run takes tens of seconds)',
    );
    return;
  }
  ctx.log('  Lighthouse (mobile) on / and /markets');
  const scores = await lighthouseScores(
    ctx.chromium,
    ctx.tmp,
    [`${server.url}/`, `${server.url}/markets`],
    ['performance', 'accessibility'],
  );
  for (const s of scores) {
    const page = new URL(s.url).pathname;
    const why = s.runtimeError ? `Lighthouse error: ${s.runtimeError}; ` : '';
    report.bound(
      part,
      `Lighthouse performance ${page}`,
      s.performance,
      '',
      '≥',
      95,
      `${why}${Object.entries(s.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; benchmarkIndex ${s.benchmarkIndex ?? '—'}`,
    );
    report.bound(
      part,
      `Lighthouse accessibility ${page}`,
      s.accessibility,
      '',
      '≥',
      95,
      s.failedA11y.length > 0 ? `failed: ${s.failedA11y.join(', ')}` : undefined,
    );
  }
  (report.details[part] as Record<string, unknown>).lighthouse = scores;
}
