import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  COOKIE_BANNER_DELAY_MS,
  COOKIE_CONSENT_STORAGE_KEY,
  HERO_ENTRANCE_MS,
  WATCHLIST_STORAGE_KEY,
  type TickersResponse,
} from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e, type Viewport } from './support/e2e-app.ts';
import { looksRight, screenshot, screenshotBothSizes } from './support/screenshots.ts';
import {
  cellTexts,
  coinChanges,
  coinItems,
  CookieBannerModel,
  HomePage,
  MarketsPage,
  namesNotWhole,
  parseDisplayed,
  ViewAllDialog,
  WatchlistPage,
} from './page-models/markets.ts';
import { TradePage } from './page-models/trade-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const isSorted = (values: number[], direction: 'asc' | 'desc') =>
  values.every(
    (v, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v),
  );

describe.skipIf(Boolean(skip))('markets in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    // No consent stored up front: the cookie banner tests need a first visit; every other
    // test here stores consent itself (consentingPage).
    e2e = await startE2e({ cookieConsent: false });
  });
  afterAll(() => e2e?.close());

  /** A page whose visitor already accepted cookies, so the banner stays out of the way. */
  async function consentingPage(viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
    const page = await e2e.newPage(viewport);
    await page.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      COOKIE_CONSENT_STORAGE_KEY,
    );
    return page;
  }
  async function consentingUserPage(viewport: Viewport = VIEWPORTS.desktop): Promise<Page> {
    const { page } = await e2e.userPage(viewport);
    await page.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      COOKIE_CONSENT_STORAGE_KEY,
    );
    return page;
  }
  async function serverCoins(): Promise<TickersResponse['coins']> {
    const res = await fetch(`${e2e.baseURL}/api/market/tickers`);
    return ((await res.json()) as TickersResponse).coins;
  }

  it('home: sections in order, hero actions for guests, five by volume, search on name or symbol', async () => {
    const page = await consentingPage();
    const home = new HomePage(page);
    await home.goto();
    const overview = home.overview;
    await overview.loaded();

    expect(await home.sectionHeadings()).toEqual([
      'Why choose Sikka',
      'Market Overview',
      'Compliance and risk',
      'Trade anywhere with the Sikka app',
    ]);
    expect(await home.startTrading.getAttribute('href')).toBe('/login');
    expect(await home.createAccount.getAttribute('href')).toBe('/signup');
    await expect.poll(() => page.getByTestId('simulated-badge').count()).toBeGreaterThan(0);

    // Top five by 24 h volume, volume descending by default.
    await expect(overview.rows).toHaveCount(5);
    expect(await overview.header('24h Volume').getAttribute('aria-sort')).toBe('descending');
    const volumes = (await cellTexts(overview.rows.getByTestId('coin-volume'))).map(parseDisplayed);
    expect(isSorted(volumes, 'desc')).toBe(true);
    const byVolume = (await serverCoins()).sort((a, b) => b.volume - a.volume).slice(0, 5);
    expect(await overview.rowIds()).toEqual(byVolume.map((c) => c.id));

    // Case-insensitive, on name ('Bitcoin') or symbol ('eth').
    await overview.search.fill('BiTcOiN');
    await expect.poll(() => overview.symbols()).toEqual(expect.arrayContaining(['BTC']));
    for (const s of await overview.symbols()) expect(['BTC', 'BCH']).toContain(s);
    await overview.search.fill('eth');
    await expect.poll(() => overview.symbols()).toEqual(expect.arrayContaining(['ETH', 'ETC']));
    await overview.search.fill('zzzz');
    await overview.table.getByText('No coins match “zzzz”').waitFor();
    await overview.search.fill('');
    await expect(overview.rows).toHaveCount(5);

    // The app section says the apps are coming; its buttons open the pages that say so.
    const apps = page.getByRole('region', { name: 'Trade anywhere with the Sikka app' });
    await expect(apps).toContainText(
      'Apps for Android, iOS and the desktop are coming soon, with price alerts for your watchlist.',
    );
    await screenshotBothSizes(page, 'markets-home-app-section', async (p) => {
      await looksRight(apps)(p);
      await apps.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    });
    await page.setViewportSize(VIEWPORTS.desktop);
    // The three stores are peers: one look for all of them, none put first.
    const looks = await apps.getByRole('link').evaluateAll((links) =>
      links.map((a) => {
        const s = getComputedStyle(a);
        return [s.backgroundColor, s.borderColor, s.color, s.height].join(' ');
      }),
    );
    expect(looks).toHaveLength(3);
    expect(new Set(looks).size).toBe(1);
    await apps.getByRole('link', { name: 'Google Play' }).click();
    await page.waitForURL('**/mobile-app');
    await expect(page.getByText('Coming soon').first()).toBeVisible();
  });

  it('home: sorting a column twice reverses the order (aria-sort follows)', async () => {
    const page = await consentingPage();
    const home = new HomePage(page);
    await home.goto();
    const overview = home.overview;
    await overview.loaded();

    await overview.sortButton('Price').click();
    expect(await overview.header('Price').getAttribute('aria-sort')).toBe('descending');
    expect(await overview.header('24h Volume').getAttribute('aria-sort')).toBeNull();
    const highFirst = await overview.rowIds();
    expect(isSorted((await overview.prices()).map(parseDisplayed), 'desc')).toBe(true);
    expect(highFirst[0]).toBe('BTCINR');

    await overview.sortButton('Price').click();
    expect(await overview.header('Price').getAttribute('aria-sort')).toBe('ascending');
    const lowFirst = await overview.rowIds();
    expect(lowFirst).not.toEqual(highFirst);
    expect(lowFirst).not.toContain('BTCINR');

    await overview.sortButton('Name').click();
    expect(await overview.header('Name').getAttribute('aria-sort')).toBe('ascending');
    const names = await cellTexts(overview.rows.getByTestId('coin-name'));
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    await overview.sortButton('24h Change').click();
    const changes = await coinChanges(overview.rows);
    expect(isSorted(changes, 'desc')).toBe(true);
  });

  it('home hero: Top Gainers and Top Losers tabs list five each by 24 h change, after the entrance', async () => {
    const page = await consentingPage();
    // Times, in the page's own clock, when the card first appears and when it has entered.
    await page.addInitScript(() => {
      const times: { shown?: number; entered?: number } = {};
      Object.assign(window, { __heroTimes: times });
      new MutationObserver(() => {
        const card = document.querySelector('[data-testid="hero-movers"]');
        if (card && times.shown === undefined) times.shown = performance.now();
        if (card?.getAttribute('data-entered') === 'true' && times.entered === undefined) {
          times.entered = performance.now();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    const home = new HomePage(page);
    await page.goto('/');
    await home.heroCard.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="hero-movers"]')?.getAttribute('data-entered') ===
        'true',
    );
    const times = await page.evaluate(
      () => (window as unknown as { __heroTimes: { shown: number; entered: number } }).__heroTimes,
    );
    // Hidden for HERO_ENTRANCE_MS after it appears, then in (timers may run a little late).
    expect(times.entered - times.shown).toBeGreaterThanOrEqual(HERO_ENTRANCE_MS - 20);
    expect(times.entered - times.shown).toBeLessThan(HERO_ENTRANCE_MS + 1500);

    expect(await home.heroTab('Top Gainers').getAttribute('aria-selected')).toBe('true');
    await expect(coinItems(home.heroList)).toHaveCount(5);
    const gainers = await coinChanges(home.heroList);
    expect(isSorted(gainers, 'desc')).toBe(true);
    await expect(home.heroList.getByTestId('coin-name')).toHaveCount(5);
    await expect(home.heroList.getByTestId('coin-symbol')).toHaveCount(5);
    await expect(home.heroList.getByTestId('coin-price').first()).toHaveText(/^₹/);

    await home.heroTab('Top Losers').click();
    expect(await home.heroTab('Top Losers').getAttribute('aria-selected')).toBe('true');
    await expect(coinItems(home.heroList)).toHaveCount(5);
    const losers = await coinChanges(home.heroList);
    expect(isSorted(losers, 'asc')).toBe(true);
    expect(Math.max(...losers)).toBeLessThan(Math.min(...gainers));
  });

  it('home: View All Coins opens a modal with every coin, its price, change, volume and Trade', async () => {
    const page = await consentingPage();
    const home = new HomePage(page);
    await home.goto();
    await home.overview.loaded();
    await home.overview.viewAllButton.click();
    const dialog = home.viewAll;
    await dialog.root.waitFor();
    const all = await serverCoins();
    expect(all.length).toBeGreaterThanOrEqual(40);
    await expect(dialog.rows).toHaveCount(all.length);
    const ids = await dialog.rows.evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-coin-id')),
    );
    expect(new Set(ids)).toEqual(new Set(all.map((c) => c.id)));
    for (const header of ['Price', '24h Change', '24h Volume']) {
      await dialog.root.getByRole('columnheader', { name: header }).waitFor();
    }
    await expect(dialog.root.getByRole('button', { name: /^Trade / })).toHaveCount(all.length);
    await screenshotBothSizes(page, 'markets-home-view-all-modal');
    await page.setViewportSize(VIEWPORTS.desktop);
    await dialog.close.click();
    await dialog.root.waitFor({ state: 'detached' });
  });

  it('home: Trade opens /trade with the coin in the navigation state (from the table and the modal)', async () => {
    const page = await consentingUserPage();
    const home = new HomePage(page);
    await home.goto();
    expect(await home.startTrading.getAttribute('href')).toBe('/trade');
    await expect(home.createAccount).toHaveCount(0);
    await home.overview.loaded();
    await home.overview.trade('ETH').click();
    await page.waitForURL('**/trade');
    const state = (await page.evaluate(() => history.state)) as {
      usr?: { coin?: { id: string; price: number } };
    };
    expect(state.usr?.coin?.id).toBe('ETHINR');
    expect(state.usr?.coin?.price).toBeGreaterThan(0);

    await home.goto();
    await home.overview.loaded();
    await home.overview.viewAllButton.click();
    await home.viewAll.trade('DOGE').click();
    await page.waitForURL('**/trade');
    const fromModal = (await page.evaluate(() => history.state)) as {
      usr?: { coin?: { id: string } };
    };
    expect(fromModal.usr?.coin?.id).toBe('DOGEINR');
    await expect(home.viewAll.root).toHaveCount(0);
  });

  it('star → the coin is on /watchlist; removing it there leaves the empty state linking to /markets', async () => {
    const page = await consentingUserPage();
    const home = new HomePage(page);
    await home.goto();
    await home.overview.loaded();
    const star = home.overview.star('BTC');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await home.overview.star('ETH').click();
    // Starring twice is a toggle; the store never holds an id twice.
    await home.overview.star('ETH').click();
    await home.overview.star('ETH').click();
    expect(await page.evaluate((k) => localStorage.getItem(k), WATCHLIST_STORAGE_KEY)).toBe(
      '["BTCINR","ETHINR"]',
    );

    const watchlist = new WatchlistPage(page);
    await watchlist.goto();
    await watchlist.rows.first().waitFor();
    expect(await watchlist.symbols()).toEqual(['BTC', 'ETH']);
    for (const header of ['Name', 'Price', '24h Change', '24h Volume']) {
      await watchlist.section.getByRole('columnheader', { name: header }).waitFor();
    }
    await watchlist.search.fill('bitcoin');
    await expect.poll(() => watchlist.symbols()).toEqual(['BTC']);
    await watchlist.search.fill('');
    await screenshotBothSizes(page, 'markets-watchlist-filled');
    await page.setViewportSize(VIEWPORTS.desktop);

    await watchlist.trade('ETH').click();
    await page.waitForURL('**/trade');
    const state = (await page.evaluate(() => history.state)) as { usr?: { coin?: { id: string } } };
    expect(state.usr?.coin?.id).toBe('ETHINR');

    await watchlist.goto();
    await watchlist.rows.first().waitFor();
    await watchlist.remove('BTC').click();
    await expect.poll(() => watchlist.symbols()).toEqual(['ETH']);
    await watchlist.remove('ETH').click();
    await watchlist.emptyState.waitFor();
    expect(await page.evaluate((k) => localStorage.getItem(k), WATCHLIST_STORAGE_KEY)).toBe('[]');

    // Saved on every change: still empty after a reload.
    await watchlist.goto();
    await watchlist.emptyState.waitFor();
    await watchlist.browseMarkets.click();
    await page.waitForURL('**/markets');
  });

  it('watchlist: a new user sees the empty state with a link to /markets', async () => {
    const page = await consentingUserPage();
    const watchlist = new WatchlistPage(page);
    await watchlist.goto();
    await watchlist.emptyState.waitFor();
    expect(await watchlist.browseMarkets.getAttribute('href')).toBe('/markets');
    await expect(watchlist.rows).toHaveCount(0);
    await screenshotBothSizes(page, 'markets-watchlist-empty');
  });

  it('markets page: Market Overview, five gainers, five losers and every coin in a sortable, searchable table', async () => {
    const page = await consentingPage();
    const markets = new MarketsPage(page);
    await markets.goto();
    await markets.heading.waitFor();
    await markets.table.loaded();
    await expect(coinItems(markets.gainers)).toHaveCount(5);
    await expect(coinItems(markets.losers)).toHaveCount(5);
    const gainers = await coinChanges(markets.gainers);
    const losers = await coinChanges(markets.losers);
    expect(isSorted(gainers, 'desc')).toBe(true);
    expect(isSorted(losers, 'asc')).toBe(true);

    const all = await serverCoins();
    await expect(markets.table.rows).toHaveCount(all.length);
    await markets.table.sortButton('24h Volume').click();
    expect(await markets.table.header('24h Volume').getAttribute('aria-sort')).toBe('ascending');
    const volumes = (await cellTexts(markets.table.rows.getByTestId('coin-volume'))).map(
      parseDisplayed,
    );
    expect(isSorted(volumes, 'asc')).toBe(true);
    await markets.table.search.fill('DOGE');
    await expect.poll(() => markets.table.symbols()).toEqual(['DOGE']);
    await markets.table.search.fill('');
    await screenshotBothSizes(page, 'markets-page');
  });

  it('phone (390×844): All Coins / Top Gainers / Top Losers tabs of five instead of the table', async () => {
    const page = await consentingPage(VIEWPORTS.mobile);
    const home = new HomePage(page);
    await home.goto();
    const overview = home.overview;
    await overview.tabs.waitFor();
    await expect(overview.table).toHaveCount(0);
    expect(await overview.tab('All Coins').getAttribute('aria-selected')).toBe('true');
    await expect(coinItems(overview.activeList)).toHaveCount(5);
    const byVolume = (await serverCoins()).sort((a, b) => b.volume - a.volume).slice(0, 5);
    const allIds = await coinItems(overview.activeList).evaluateAll((items) =>
      items.map((i) => i.getAttribute('data-coin-id')),
    );
    expect(allIds).toEqual(byVolume.map((c) => c.id));

    await overview.tab('Top Gainers').click();
    await expect(coinItems(overview.activeList)).toHaveCount(5);
    const gainers = await coinChanges(overview.activeList);
    expect(isSorted(gainers, 'desc')).toBe(true);

    await overview.tab('Top Losers').click();
    await expect(coinItems(overview.activeList)).toHaveCount(5);
    const losers = await coinChanges(overview.activeList);
    expect(isSorted(losers, 'asc')).toBe(true);
    expect(Math.max(...losers)).toBeLessThan(Math.min(...gainers));
    await overview.root.scrollIntoViewIfNeeded();
    await screenshot(page, 'markets-home-overview-tabs');
  });

  it('phone (390×844): coin names show whole where there is room (Bitcoin and Ethereum are not cut)', async () => {
    /** Whether the name shows whole: on one line, not cut at the side nor broken in two. */
    const shownWhole = (list: Locator, name: string) =>
      list
        .getByTestId('coin-name')
        .getByText(name, { exact: true })
        .evaluate((el) => {
          const text = document.createRange();
          text.selectNodeContents(el);
          return el.scrollWidth <= el.clientWidth && text.getClientRects().length === 1;
        });
    const page = await consentingPage(VIEWPORTS.mobile);
    const home = new HomePage(page);
    await home.goto();
    await expect(coinItems(home.overview.activeList)).toHaveCount(5);
    // The first five by volume hold the two largest coins, with the widest prices beside them.
    for (const name of ['Bitcoin', 'Ethereum'])
      expect(await shownWhole(home.overview.activeList, name), `home: ${name}`).toBe(true);
    for (const tab of ['Top Gainers', 'Top Losers', 'All Coins'] as const) {
      await home.overview.tab(tab).click();
      await expect(coinItems(home.overview.activeList)).toHaveCount(5);
      expect(await namesNotWhole(home.overview.activeList), `home: ${tab}`).toEqual([]);
    }
    await home.overview.root.scrollIntoViewIfNeeded();
    await screenshot(page, 'markets-home-names-phone');
  });

  const TABLET = { width: 768, height: 1024 };
  it('every coin’s full name shows whole at both sizes: the market table, its movers, View All Coins, the watchlist and the trade page’s coin list', async () => {
    const names = (await serverCoins()).map((c) => c.name);
    const page = await consentingUserPage(VIEWPORTS.mobile);
    const markets = new MarketsPage(page);
    // Every coin on the user's watchlist, so its table lists all 50 too.
    await markets.goto();
    const ids = (await serverCoins()).map((c) => c.id);
    const saved = await page.evaluate(async (list) => {
      const res = await fetch('/api/me/watchlist', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids: list }),
      });
      return res.status;
    }, ids);
    expect(saved).toBe(200);
    const watchlist = new WatchlistPage(page);
    const trade = new TradePage(page);
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const size = `${viewport.width}×${viewport.height}`;
      await page.setViewportSize(viewport);
      await markets.goto();
      await markets.table.loaded();
      await expect(markets.table.rows).toHaveCount(names.length);
      const shown = markets.table.rows.getByTestId('coin-name');
      expect((await cellTexts(shown)).length, size).toBe(names.length);
      expect(await namesNotWhole(markets.table.table), `markets table ${size}`).toEqual([]);
      expect(await namesNotWhole(markets.gainers), `gainers ${size}`).toEqual([]);
      expect(await namesNotWhole(markets.losers), `losers ${size}`).toEqual([]);
      if (viewport === VIEWPORTS.desktop) {
        // A coin without an icon (BONK is in neither icon set): its placeholder's four letters
        // on one line in the 32 px disc.
        await markets.table.row('BONK').evaluate((row) => row.scrollIntoView({ block: 'center' }));
        const letters = markets.table.row('BONK').locator('[data-icon-state="failed"]');
        await expect(letters).toHaveCount(1);
        expect(await letters.innerText()).toBe('BONK');
        // A tablet: the table's name column is at its narrowest beside all five figures.
        await page.setViewportSize(TABLET);
        await markets.table.row('FET').evaluate((row) => row.scrollIntoView({ block: 'center' }));
        await screenshot(page, 'markets-table-long-names-tablet');
        expect(await namesNotWhole(markets.table.table), 'markets table 768×1024').toEqual([]);
        await page.setViewportSize(viewport);
      }
      if (viewport === VIEWPORTS.mobile) {
        // BONK has no icon: its 20 px placeholder shows one letter, not four.
        await markets.table.row('BONK').evaluate((row) => row.scrollIntoView({ block: 'center' }));
        const placeholder = markets.table.row('BONK').locator('[data-icon-state="failed"]');
        await expect(placeholder).toHaveCount(1);
        expect(await placeholder.innerText()).toBe('B');
        // The longest name (three words, one of them long) on its lines, beside Avalanche.
        await markets.table.row('FET').evaluate((row) => row.scrollIntoView({ block: 'center' }));
        await screenshot(page, 'markets-table-long-names-phone');
      }

      await watchlist.goto();
      await expect(watchlist.rows).toHaveCount(names.length);
      expect(await namesNotWhole(watchlist.section), `watchlist ${size}`).toEqual([]);

      const home = new HomePage(page);
      await home.goto();
      if (viewport === VIEWPORTS.desktop) {
        await home.overview.loaded();
        await home.overview.viewAllButton.click();
        const all = new ViewAllDialog(page);
        await expect(all.rows).toHaveCount(names.length);
        expect(await namesNotWhole(all.root), `View All Coins ${size}`).toEqual([]);
        await page.setViewportSize(VIEWPORTS.mobile);
        expect(await namesNotWhole(all.root), 'View All Coins 390×844').toEqual([]);
        await all.root
          .getByTestId('coin-name')
          .getByText('Artificial Superintelligence Alliance')
          .scrollIntoViewIfNeeded();
        await screenshot(page, 'markets-view-all-long-names-phone');
        await page.setViewportSize(VIEWPORTS.desktop);
        await all.root
          .getByTestId('coin-name')
          .getByText('Artificial Superintelligence Alliance')
          .scrollIntoViewIfNeeded();
        await screenshot(page, 'markets-view-all-long-names-desktop');
      }

      await trade.goto();
      if (viewport === VIEWPORTS.mobile) await trade.panelToggle.click();
      await expect(trade.coins).toHaveCount(names.length);
      expect(await namesNotWhole(trade.coinPanel), `trade coin list ${size}`).toEqual([]);
      await trade.coin('FETINR').scrollIntoViewIfNeeded();
      await screenshot(page, `trade-coin-list-long-names-${viewport.width}`);
    }
  });

  it('prices on screen change within 3 s, without a reload', async () => {
    const page = await consentingPage();
    const markets = new MarketsPage(page);
    await markets.goto();
    await markets.table.loaded();
    const before = await markets.table.prices();
    const start = Date.now();
    await expect
      .poll(async () => (await markets.table.prices()).some((p, i) => p !== before[i]), {
        timeout: 3000,
        interval: 100,
      })
      .toBe(true);
    expect(Date.now() - start).toBeLessThan(3000);
  });

  it('with the socket down it polls the REST snapshot every second and prices keep moving', async () => {
    const page = await consentingPage();
    let socketAttempts = 0;
    // The server end of the realtime socket refuses every connection.
    await page.routeWebSocket('**/api/realtime', (ws) => {
      socketAttempts += 1;
      ws.close({ code: 1011, reason: 'down for the test' });
    });
    const polls: number[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/market/tickers') polls.push(Date.now());
    });
    const markets = new MarketsPage(page);
    await markets.goto();
    await markets.table.loaded();
    const before = await markets.table.prices();
    await expect
      .poll(async () => (await markets.table.prices()).some((p, i) => p !== before[i]), {
        timeout: 5000,
      })
      .toBe(true);
    // Polls in the next 3 s; the window is complete once a poll after its end has been seen.
    const windowStart = Date.now();
    const windowEnd = windowStart + 3000;
    await expect.poll(() => polls.some((t) => t > windowEnd), { timeout: 10_000 }).toBe(true);
    const inWindow = polls.filter((t) => t > windowStart && t <= windowEnd).length;
    // About one poll a second (timers in a busy headless tab may slip a little).
    expect(inWindow).toBeGreaterThanOrEqual(2);
    expect(inWindow).toBeLessThanOrEqual(4);
    expect(socketAttempts).toBeGreaterThanOrEqual(2);
  });

  describe('cookie banner', () => {
    it('appears after 1 s; Accept All stores consent and it stays away after a reload', async () => {
      const page = await e2e.newPage();
      const banner = new CookieBannerModel(page);
      await page.goto('/');
      await banner.root.waitFor();
      expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(
        COOKIE_BANNER_DELAY_MS,
      );
      await screenshotBothSizes(page, 'markets-cookie-banner');
      await page.setViewportSize(VIEWPORTS.desktop);

      // The analytics switch is display-only: it flips, and nothing is stored.
      expect(await banner.analytics.getAttribute('aria-checked')).toBe('false');
      await banner.analytics.click();
      expect(await banner.analytics.getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => localStorage.length)).toBe(0);

      await banner.acceptAll.click();
      await banner.root.waitFor({ state: 'detached' });
      expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_STORAGE_KEY)).toBe(
        'true',
      );

      await page.reload();
      await banner.waitPastDelay(1000);
      await expect(banner.root).toHaveCount(0);
    });

    it('Reject All and the close button hide it for this view only, storing nothing', async () => {
      const page = await e2e.newPage(VIEWPORTS.mobile);
      const banner = new CookieBannerModel(page);
      await page.goto('/');
      await banner.root.waitFor();
      await banner.rejectAll.click();
      await banner.root.waitFor({ state: 'detached' });
      expect(
        await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_STORAGE_KEY),
      ).toBeNull();
      // Still closed while moving around inside the app.
      await page
        .getByRole('navigation', { name: 'Quick navigation' })
        .getByRole('link', { name: 'Markets' })
        .click();
      await page.waitForURL('**/markets');
      await banner.waitPastDelay(500);
      await expect(banner.root).toHaveCount(0);

      await page.reload();
      await banner.root.waitFor();
      await banner.close.click();
      await banner.root.waitFor({ state: 'detached' });
      expect(
        await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_STORAGE_KEY),
      ).toBeNull();
      await page.reload();
      await banner.root.waitFor();
    });
  });

  it('home: title, hero movers and market overview show and fit at both sizes (kept as screenshots)', async () => {
    const page = await consentingPage();
    const home = new HomePage(page);
    await home.goto();
    await home.overview.loaded();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="hero-movers"]')?.getAttribute('data-entered') ===
        'true',
    );
    await screenshotBothSizes(
      page,
      'markets-home',
      looksRight(home.shell.pageHeading, home.heroCard, home.overview.root),
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await home.overview.root.scrollIntoViewIfNeeded();
    await looksRight(home.overview.rows.first())(page);
    await screenshot(page, 'markets-home-market-overview');
  });
});
