import path from 'node:path';
import { REALTIME_PATH } from '@sikka/contracts';
import { coinDcxItem, startFakeUpstream } from '../../test/support/market-fake-upstream.ts';
import { ClientPool } from '../clients/client-pool.ts';
import type { BenchContext } from '../lib/context.ts';
import { startServer } from '../lib/server-process.ts';
import { sleep } from '../lib/stats.ts';

/** INR markets the local upstream lists; prices drift on every request so deltas flow. */
const MARKETS = ['USDTINR', 'BTCINR', 'ETHINR', 'SOLINR', 'XRPINR', 'DOGEINR', 'ADAINR', 'TRXINR'];
const BASE = [88.15, 9842310, 354870.5, 16912.4, 221.35, 17.845, 61.58, 29.412];

/**
 * Item 4: the server polls the exchange once a second however many browsers are open. The
 * upstream is a local CoinDCX-shaped server that counts requests; each "browser" holds one
 * realtime socket and also polls GET /api/market/tickers every second (the web app's
 * fallback, the worst case), so neither path may reach the exchange.
 */
export async function benchUpstream(ctx: BenchContext): Promise<void> {
  const part = '4 upstream';
  const levels = ctx.short ? [1, 10] : [1, 10, 100];
  const windowSec = ctx.short ? 3 : 10;
  const upstream = await startFakeUpstream();
  upstream.replyFor = (n) => ({
    body: MARKETS.map((m, i) => coinDcxItem(m, (BASE[i]! * (1 + ((n % 7) - 3) / 1000)).toFixed(3))),
  });
  const server = await startServer(
    {
      ...(await ctx.scratchDatabase('bench_upstream')),
      DATA_DIR: path.join(ctx.tmp, 'upstream'),
      MARKET_SOURCE: 'upstream',
      TICKER_URL: upstream.url,
      MARKET_POLL_MS: '1000',
    },
    path.join(ctx.tmp, 'server-upstream.log'),
  );
  const pool = await ClientPool.start(1);
  const rows: Array<{
    browsers: number;
    requests: number;
    perSecond: number;
    deltas: number;
    polls: number;
  }> = [];
  try {
    let browsers = 0;
    for (const level of levels) {
      await pool.connect(`${server.url.replace('http', 'ws')}${REALTIME_PATH}`, level - browsers);
      await pool.poll(`${server.url}/api/market/tickers`, level - browsers, 1000);
      browsers = level;
      await sleep(1200);
      await pool.collect();
      const from = Date.now();
      await sleep(windowSec * 1000);
      const to = Date.now();
      const seen = await pool.collect();
      const requests = upstream.requestTimes.filter((t) => t >= from && t < to).length;
      rows.push({
        browsers: level,
        requests,
        perSecond: requests / ((to - from) / 1000),
        deltas: Object.values(seen.ticks).reduce((m, t) => m + t.n, 0),
        polls: seen.pollsOk,
      });
      ctx.log(
        `  ${level} browsers: ${requests} upstream requests in ${windowSec} s; ${rows.at(-1)!.deltas} deltas and ${seen.pollsOk} polls served`,
      );
    }
  } finally {
    await pool.close();
    await server.stop();
    await upstream.close();
  }
  for (const r of rows) {
    // One poll per second: the window holds its length in polls, give or take the edge.
    const met = Math.abs(r.requests - windowSec) <= 1 && r.deltas > 0;
    ctx.report.add({
      part,
      name: `upstream requests/s with ${r.browsers} browser${r.browsers === 1 ? '' : 's'}`,
      value: r.perSecond,
      unit: '/s',
      reference: 1,
      referenceLabel: 'poll period',
      target: `= 1/s (±1 in ${windowSec} s)`,
      ratio: null,
      met,
      note: `${r.requests} requests in ${windowSec} s while serving ${r.deltas} realtime deltas and ${r.polls} ticker polls`,
    });
  }
  ctx.report.details[part] = { windowSec, levels: rows, maxInFlight: upstream.maxInFlight };
}
