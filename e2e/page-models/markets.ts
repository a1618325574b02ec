import type { Locator, Page } from 'playwright-core';
import { COOKIE_BANNER_DELAY_MS } from '@sikka/contracts';
import { AppShell } from './app-shell.ts';

export /** Numbers behind '₹12,34,567.89', '+1.23%', '₹1.23B'. */
function parseDisplayed(text: string): number {
  const scale: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  const match = /(-?[\d,]*\.?\d+)\s*([KMBT])?/.exec(text.replace(/[₹+%]/g, ''));
  if (!match) throw new Error(`not a number: ${text}`);
  return Number(match[1]!.replace(/,/g, '')) * (match[2] ? scale[match[2]]! : 1);
}

/** The coins of a list (hero movers, Top Gainers/Losers, a phone tab), one item each. */
export function coinItems(list: Locator): Locator {
  return list.getByRole('listitem');
}

/**
 * The texts of cells, trimmed. textContent, not innerText: a market table row off screen
 * skips rendering (content-visibility), and innerText follows rendering.
 */
export async function cellTexts(cells: Locator): Promise<string[]> {
  return (await cells.allTextContents()).map((t) => t.trim());
}

/**
 * The coin names in `scope` that do not show whole: cut at the side or bottom of their box
 * (ellipsis, line clamp) or with a word broken across two lines. Each is scrolled into view
 * and given two frames first: a market table row off screen skips rendering
 * (content-visibility), so only a row on screen has the layout a person sees.
 */
export async function namesNotWhole(scope: Locator): Promise<string[]> {
  return scope.getByTestId('coin-name').evaluateAll(async (names) => {
    const frames = () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
    const notWhole: string[] = [];
    let judged = 0;
    for (const name of names) {
      // A layout for the other size (a table's cards, say) is not shown at all: not judged.
      if (!name.checkVisibility()) continue;
      name.scrollIntoView({ block: 'center' });
      await frames();
      // An inline name is measured by the block that holds its line.
      let box: Element = name;
      while (getComputedStyle(box).display === 'inline' && box.parentElement)
        box = box.parentElement;
      const cut = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      const text = document.createTreeWalker(name, NodeFilter.SHOW_TEXT).nextNode() as Text | null;
      let broken = false;
      for (const word of text ? text.data.matchAll(/\S+/g) : []) {
        const range = document.createRange();
        range.setStart(text!, word.index);
        range.setEnd(text!, word.index + word[0].length);
        if (range.getClientRects().length !== 1) broken = true;
      }
      if (cut || broken || name.getClientRects().length === 0)
        notWhole.push(name.textContent ?? '');
      judged += 1;
    }
    // A scope that shows no name at all is no pass.
    return judged > 0 ? notWhole : ['(no coin name shown)'];
  });
}

/** The 24 h changes a list or table shows, in order, as numbers. */
export async function coinChanges(list: Locator): Promise<number[]> {
  return (await cellTexts(list.getByTestId('coin-change'))).map(parseDisplayed);
}

/** The reusable market overview (home, dashboard) or the full table (markets page). */
export class MarketOverviewModel {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  get search(): Locator {
    return this.root.getByRole('searchbox', { name: 'Search coins' });
  }
  get table(): Locator {
    return this.root.getByRole('table');
  }
  /** Body rows of the table, one per coin. */
  get rows(): Locator {
    return this.table.locator('tbody tr[data-coin-id]');
  }
  get error(): Locator {
    return this.root.getByRole('alert');
  }
  get viewAllButton(): Locator {
    return this.root.getByRole('button', { name: 'View All Coins' });
  }
  sortButton(column: string): Locator {
    return this.table.getByRole('button', { name: column, exact: true });
  }
  header(column: string): Locator {
    return this.table.getByRole('columnheader', { name: column, exact: true });
  }
  row(symbol: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId('coin-symbol').getByText(symbol, { exact: true }),
    });
  }
  star(symbol: string): Locator {
    return this.root.getByRole('button', {
      name: new RegExp(`^(Add|Remove) ${symbol} (to|from) watchlist$`),
    });
  }
  trade(symbol: string): Locator {
    return this.root.getByRole('button', { name: `Trade ${symbol}`, exact: true });
  }
  /** Coin ids of the visible rows, in order. */
  rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-coin-id') ?? ''));
  }
  /** Symbols of the visible rows, in order. */
  symbols(): Promise<string[]> {
    return cellTexts(this.rows.getByTestId('coin-symbol'));
  }
  prices(): Promise<string[]> {
    return cellTexts(this.rows.getByTestId('coin-price'));
  }
  /** Rows are in; the skeleton is gone. */
  async loaded(): Promise<void> {
    await this.rows.first().waitFor();
  }

  // Phone layout: tabs of five instead of the table.
  get tabs(): Locator {
    return this.root.getByRole('tablist', { name: 'Market lists' });
  }
  tab(name: string): Locator {
    return this.root.getByRole('tab', { name, exact: true });
  }
  /** The list of the open tab panel. */
  get activeList(): Locator {
    return this.root.getByRole('tabpanel').getByRole('list');
  }
}

/** The 'View All Coins' modal. */
export class ViewAllDialog {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.getByRole('dialog', { name: /All Coins/ });
  }
  get rows(): Locator {
    return this.root.locator('tbody tr[data-coin-id]');
  }
  get close(): Locator {
    return this.root.getByRole('button', { name: 'Close' });
  }
  trade(symbol: string): Locator {
    return this.root.getByRole('button', { name: `Trade ${symbol}`, exact: true });
  }
}

/** The landing page. */
export class HomePage {
  readonly shell: AppShell;
  readonly overview: MarketOverviewModel;
  readonly viewAll: ViewAllDialog;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.overview = new MarketOverviewModel(page, page.getByTestId('market-overview'));
    this.viewAll = new ViewAllDialog(page);
  }
  async goto(): Promise<void> {
    await this.shell.open('/');
  }
  get startTrading(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Start Trading' });
  }
  get createAccount(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Create Account' });
  }
  get heroCard(): Locator {
    return this.page.getByTestId('hero-movers');
  }
  heroTab(name: 'Top Gainers' | 'Top Losers'): Locator {
    return this.heroCard.getByRole('tab', { name, exact: true });
  }
  /** The list in the hero card's open tab. */
  get heroList(): Locator {
    return this.heroCard.getByRole('tabpanel').getByRole('list');
  }
  /** Second-level headings of the page, in order: the home sections. */
  sectionHeadings(): Promise<string[]> {
    return this.page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
  }
}

/** /markets */
export class MarketsPage {
  readonly shell: AppShell;
  readonly table: MarketOverviewModel;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.table = new MarketOverviewModel(page, page.getByTestId('market-overview'));
  }
  async goto(): Promise<void> {
    await this.shell.open('/markets');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Market Overview' });
  }
  get gainers(): Locator {
    return this.page.getByRole('list', { name: 'Top Gainers' });
  }
  get losers(): Locator {
    return this.page.getByRole('list', { name: 'Top Losers' });
  }
}

/** /watchlist */
export class WatchlistPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }
  async goto(): Promise<void> {
    await this.shell.open('/watchlist');
  }
  get section(): Locator {
    return this.page.getByRole('region', { name: 'Saved coins' });
  }
  get search(): Locator {
    return this.section.getByRole('searchbox', { name: 'Search watchlist' });
  }
  get rows(): Locator {
    return this.section.locator('tbody tr[data-coin-id]');
  }
  get emptyState(): Locator {
    return this.section.getByText('Your watchlist is empty');
  }
  get browseMarkets(): Locator {
    return this.section.getByRole('link', { name: 'Browse Markets' });
  }
  remove(symbol: string): Locator {
    return this.section.getByRole('button', {
      name: `Remove ${symbol} from watchlist`,
      exact: true,
    });
  }
  trade(symbol: string): Locator {
    return this.section.getByRole('button', { name: `Trade ${symbol}`, exact: true });
  }
  symbols(): Promise<string[]> {
    return cellTexts(this.rows.getByTestId('coin-symbol'));
  }
}

/** The cookie banner. */
export class CookieBannerModel {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.getByRole('region', { name: 'We value your privacy' });
  }
  get acceptAll(): Locator {
    return this.root.getByRole('button', { name: 'Accept All' });
  }
  get rejectAll(): Locator {
    return this.root.getByRole('button', { name: 'Reject All' });
  }
  get close(): Locator {
    return this.root.getByRole('button', { name: 'Close cookie banner' });
  }
  get analytics(): Locator {
    return this.root.getByRole('switch', { name: /Analytics/ });
  }
  /**
   * Resolves once the page, on its own clock, has run COOKIE_BANNER_DELAY_MS + marginMs past
   * now: a banner timer started now would have fired by then. The banner has no "decided not
   * to show" signal, so its own delay is the condition a person waits out too.
   */
  async waitPastDelay(marginMs: number): Promise<void> {
    const from = await this.page.evaluate(() => performance.now());
    await this.page.waitForFunction(
      ([start, wait]) => performance.now() >= start + wait,
      [from, COOKIE_BANNER_DELAY_MS + marginMs] as const,
      { timeout: COOKIE_BANNER_DELAY_MS + marginMs + 10_000 },
    );
  }
}
