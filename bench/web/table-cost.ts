import { chromium as playwright, type CDPSession } from 'playwright-core';
import { gzipSize } from './bundle.ts';

export interface TableCost {
  coins: number;
  ticks: number;
  seconds: number;
  /** Main-thread busy time of the page's renderer over the window, ms. */
  busyMs: number;
  /** The same as main-thread CPU time, ms (null when the trace has no thread times). */
  cpuMs: number | null;
  /** busyMs / ticks: everything the page did per tick (the table update included). */
  msPerTick: number | null;
  cpuMsPerTick: number | null;
  longestTaskMs: number;
  /** JavaScript the browser fetched for a first visit to / (gzip-sized), bytes. */
  observedInitialJsGzip: number;
  observedInitialJsFiles: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs, when the trace records it. */
  tdur?: number;
  args?: { name?: string; data?: { frames?: Array<{ processId?: number; url?: string }> } };
}

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/**
 * Busy time of the page's main thread from its top-level tasks: wall time (ms), thread CPU
 * time (ms; less inflated by other processes on a shared machine) and the longest task.
 */
function mainThreadBusy(
  events: TraceEvent[],
  pageUrl: string,
): { busyMs: number; cpuMs: number | null; longestMs: number } {
  const mains = new Set<string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      mains.add(`${e.pid}:${e.tid}`);
  let pagePid: number | undefined;
  for (const e of events)
    if (e.name === 'TracingStartedInBrowser')
      for (const f of e.args?.data?.frames ?? [])
        if (f.url?.startsWith(pageUrl) && f.processId) pagePid = f.processId;
  const byThread = new Map<string, TraceEvent[]>();
  for (const t of events) {
    if (t.ph !== 'X' || t.dur === undefined) continue;
    if (t.name !== 'RunTask' && t.name !== 'ThreadControllerImpl::RunTask') continue;
    const key = `${t.pid}:${t.tid}`;
    if (!mains.has(key) || (pagePid !== undefined && t.pid !== pagePid)) continue;
    const list = byThread.get(key) ?? [];
    list.push(t);
    byThread.set(key, list);
  }
  let best = { busyMs: 0, cpuMs: null as number | null, longestMs: 0 };
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    let busy = 0;
    let cpu = 0;
    let hasCpu = false;
    let longest = 0;
    let end = -Infinity;
    for (const t of list) {
      // Only top-level tasks count: a task inside another's span is already in it.
      if (t.ts < end) continue;
      busy += t.dur!;
      if (t.tdur !== undefined) {
        cpu += t.tdur;
        hasCpu = true;
      }
      longest = Math.max(longest, t.dur!);
      end = t.ts + t.dur!;
    }
    if (busy / 1000 > best.busyMs)
      best = { busyMs: busy / 1000, cpuMs: hasCpu ? cpu / 1000 : null, longestMs: longest / 1000 };
  }
  return best;
}

/**
 * The market table's cost per tick with every coin shown: /markets at 1280×800, the feed
 * ticking once a second, a Chrome performance trace over the window. Every main-thread task
 * of the page in the window is charged to the ticks (the page does nothing else while idle),
 * so the figure is an upper bound of the table's own update cost.
 */
export async function tableUpdateCost(
  executablePath: string,
  baseUrl: string,
  seconds: number,
): Promise<TableCost> {
  const browser = await playwright.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // First visit to /: which scripts the browser really fetches.
    const first = await context.newPage();
    const scripts = new Map<string, number>();
    first.on('response', (res) => {
      if (res.request().resourceType() !== 'script' || !res.url().startsWith(baseUrl)) return;
      void res.body().then(
        (b) => scripts.set(res.url(), gzipSize(b)),
        () => undefined,
      );
    });
    await first.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await first.waitForTimeout(1500);
    await first.close();

    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __benchTicks: number };
      w.__benchTicks = 0;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', (e: MessageEvent) => {
            if (typeof e.data === 'string' && e.data.startsWith('{"type":"tickers"'))
              w.__benchTicks += 1;
          });
        }
      };
    });
    await page.goto(`${baseUrl}/markets`, { waitUntil: 'load' });
    const table = page.getByRole('table').last();
    await table.locator('tbody tr').nth(20).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const coins = await table.locator('tbody tr').count();

    const cdp = await context.newCDPSession(page);
    const ticks = () =>
      page.evaluate(() => (window as unknown as { __benchTicks: number }).__benchTicks);
    const complete = new Promise<string>((resolve) =>
      cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream ?? '')),
    );
    await cdp.send('Tracing.start', {
      categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReturnAsStream',
    });
    const t0 = await ticks();
    await page.waitForTimeout(seconds * 1000);
    const t1 = await ticks();
    await cdp.send('Tracing.end');
    const parsed = JSON.parse(await readStream(cdp, await complete)) as
      TraceEvent[] | { traceEvents: TraceEvent[] };
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const { busyMs, cpuMs, longestMs } = mainThreadBusy(events, baseUrl);
    const n = t1 - t0;
    return {
      coins,
      ticks: n,
      seconds,
      busyMs,
      cpuMs,
      msPerTick: n > 0 ? busyMs / n : null,
      cpuMsPerTick: n > 0 && cpuMs !== null ? cpuMs / n : null,
      longestTaskMs: longestMs,
      observedInitialJsGzip: [...scripts.values()].reduce((a, b) => a + b, 0),
      observedInitialJsFiles: scripts.size,
    };
  } finally {
    await browser.close();
  }
}
