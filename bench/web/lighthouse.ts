import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/support/pg-cluster.ts';
import { sleep } from '../lib/stats.ts';

export interface LighthouseScores {
  url: string;
  /** 0–100, null when the category was not run. */
  performance: number | null;
  accessibility: number | null;
  /** Lighthouse's own CPU benchmark of this machine (higher = faster; ~1000+ is a desktop). */
  benchmarkIndex: number | null;
  metrics: Record<string, string>;
  /** Failed accessibility audits, by id. */
  failedA11y: string[];
  runtimeError: string | null;
}

/**
 * Debian's chromium, headless, with a DevTools port for Lighthouse (what chrome-launcher
 * does, without depending on it directly).
 */
async function launch(
  chromium: string,
  tmp: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmp, 'lh-profile-'));
  const child = spawn(
    chromium,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 150 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`chromium did not open its DevTools port (${chromium})`);
    }
    await sleep(200);
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse's default (mobile) configuration: a mid-range phone's screen, simulated slow 4G
 * and a 4× slower CPU, on each URL in turn.
 */
export async function lighthouseScores(
  chromium: string,
  tmp: string,
  urls: string[],
  categories: Array<'performance' | 'accessibility'>,
): Promise<LighthouseScores[]> {
  const { default: lighthouse } = await import('lighthouse');
  const browser = await launch(chromium, tmp);
  const out: LighthouseScores[] = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const lhr = result?.lhr;
      const score = (id: string) => {
        const s = lhr?.categories[id]?.score;
        return typeof s === 'number' ? Math.round(s * 100) : null;
      };
      const metrics: Record<string, string> = {};
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]) {
        const a = lhr?.audits[id];
        if (a?.displayValue) metrics[id] = a.displayValue;
      }
      const failedA11y = (lhr?.categories.accessibility?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && lhr?.audits[r.id]?.score === 0)
        .map((r) => r.id);
      out.push({
        url,
        performance: categories.includes('performance') ? score('performance') : null,
        accessibility: categories.includes('accessibility') ? score('accessibility') : null,
        benchmarkIndex: lhr?.environment.benchmarkIndex ?? null,
        metrics,
        failedA11y,
        runtimeError: lhr?.runtimeError?.message ?? null,
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}
