import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY, type TickersResponse } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { MarketsPage } from './page-models/markets.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  childIds?: string[];
}

/**
 * The market table's rows skip rendering while off screen (content-visibility: auto, for the
 * cost of a tick). A screen reader must still meet every coin: with Chromium's full
 * accessibility tree, the one a running screen reader gets, every row is there with its
 * cells, off screen or not.
 */
describe.skipIf(Boolean(skip))('the market table for a screen reader', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ screenReader: true });
  });
  afterAll(() => e2e?.close());

  it('lists every coin as a row with its header and cells, including rows off screen', async () => {
    const res = await fetch(`${e2e.baseURL}/api/market/tickers`);
    const coins = ((await res.json()) as TickersResponse).coins;
    const page = await e2e.newPage(VIEWPORTS.desktop);
    await page.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      COOKIE_CONSENT_STORAGE_KEY,
    );
    const markets = new MarketsPage(page);
    await markets.goto();
    await expect.poll(() => markets.table.rows.count()).toBe(coins.length);

    // The rows below the fold really skip rendering: this is what the test guards.
    const lastRow = markets.table.rows.last();
    expect(await lastRow.evaluate((tr) => getComputedStyle(tr).contentVisibility)).toBe('auto');
    expect(await lastRow.isVisible()).toBe(true);
    expect(await lastRow.evaluate((tr) => tr.getBoundingClientRect().top)).toBeGreaterThan(800);

    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const table = nodes.find((n) => n.role?.value === 'table' && !n.ignored);
    expect(table, 'the table is in the accessibility tree').toBeDefined();
    const descendants = (n: AXNode): AXNode[] =>
      (n.childIds ?? []).flatMap((id) => {
        const c = byId.get(id);
        return c ? [c, ...descendants(c)] : [];
      });
    const rows = descendants(table!).filter((n) => n.role?.value === 'row' && !n.ignored);
    const bodyRows = rows.filter((r) =>
      descendants(r).some((c) => c.role?.value === 'rowheader' && !c.ignored),
    );
    expect(bodyRows).toHaveLength(coins.length);
    for (const row of bodyRows) {
      const cells = descendants(row).filter(
        (c) => !c.ignored && (c.role?.value === 'cell' || c.role?.value === 'gridcell'),
      );
      expect(cells.length, `cells of ${row.name?.value}`).toBeGreaterThanOrEqual(4);
    }
    // Each coin once, by name, in the row header a screen reader announces.
    const headers = bodyRows.map(
      (r) => descendants(r).find((c) => c.role?.value === 'rowheader' && !c.ignored)?.name?.value,
    );
    for (const coin of coins) {
      expect(
        headers.some((h) => h?.includes(coin.name)),
        `${coin.name} has a row`,
      ).toBe(true);
    }
  });
});
