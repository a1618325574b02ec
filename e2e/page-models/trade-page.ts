import type { Locator, Page } from 'playwright-core';
import { COOKIE_CONSENT_STORAGE_KEY } from '@sikka/contracts';
import { AppShell } from './app-shell.ts';

/** /trade: coin panel, pair header, chart, order book and the covered order form. */
export class TradePage {
  readonly shell: AppShell;
  /** Market ticks received over the realtime socket since this model was made. */
  private ticks = 0;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (/^\{"type":"(tickers|snapshot)"/.test(String(payload))) this.ticks += 1;
      }),
    );
  }

  /** Keeps the cookie banner out of the way of clicks and screenshots. */
  async acceptCookiesUpFront(): Promise<void> {
    await this.page.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      COOKIE_CONSENT_STORAGE_KEY,
    );
  }
  async goto(): Promise<void> {
    await this.shell.open('/trade');
    await this.ready();
  }
  /** The pair is shown and the chart has drawn its canvas. */
  async ready(): Promise<void> {
    await this.pair.waitFor();
    await this.chartCanvas.first().waitFor();
  }

  get pair(): Locator {
    return this.page.getByTestId('trade-pair');
  }
  get price(): Locator {
    return this.page.getByTestId('trade-price');
  }
  stat(label: '24h High' | '24h Low' | '24h Vol'): Locator {
    return this.page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }
  get star(): Locator {
    return this.page.getByRole('button', { name: /^(Add|Remove) \S+ (to|from) watchlist$/ });
  }

  // Coin panel
  get panelToggle(): Locator {
    return this.page.getByTestId('coin-panel-toggle');
  }
  get coinPanel(): Locator {
    return this.page.getByTestId('coin-panel');
  }
  get coinSearch(): Locator {
    return this.coinPanel.getByRole('searchbox', { name: 'Search coins' });
  }
  get coins(): Locator {
    return this.coinPanel.getByTestId('trade-coin');
  }
  coin(id: string): Locator {
    return this.coinPanel.locator(`[data-testid="trade-coin"][data-coin-id="${id}"]`);
  }

  // Chart
  get chart(): Locator {
    return this.page.getByTestId('price-chart');
  }
  get chartCanvas(): Locator {
    return this.chart.locator('canvas');
  }
  interval(value: '1m' | '1h'): Locator {
    return this.page
      .getByRole('group', { name: 'Chart interval' })
      .getByRole('button', { name: value, exact: true });
  }

  // Order book
  get bookRows(): Locator {
    return this.page.getByTestId('order-book-row');
  }
  bookRowsOf(type: 'buy' | 'sell'): Locator {
    return this.page.locator(`[data-testid="order-book-row"][data-type="${type}"]`);
  }
  /**
   * Resolves once the page has received another market tick (a realtime 'tickers' or
   * 'snapshot' message, what the page re-renders prices from).
   */
  async waitForTick(timeout = 15_000): Promise<void> {
    const before = this.ticks;
    const deadline = Date.now() + timeout;
    while (this.ticks === before) {
      if (Date.now() > deadline) throw new Error(`no market tick within ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  bookFilter(name: 'All' | 'Buys' | 'Sells'): Locator {
    return this.page
      .getByRole('group', { name: 'Order book filter' })
      .getByRole('button', { name, exact: true });
  }

  // Order form (inert under the overlay, so found by test id rather than by role)
  get overlay(): Locator {
    return this.page.getByTestId('coming-soon-overlay');
  }
  side(value: 'buy' | 'sell'): Locator {
    return this.page.getByTestId(`order-option-${value}`);
  }
  orderType(value: 'limit' | 'market'): Locator {
    return this.page.getByTestId(`order-option-${value}`);
  }
  get priceInput(): Locator {
    return this.page.getByTestId('order-price');
  }
  get amountInput(): Locator {
    return this.page.getByTestId('order-amount');
  }
  get total(): Locator {
    return this.page.getByTestId('order-total');
  }
  get submit(): Locator {
    return this.page.getByTestId('order-submit');
  }
}
