import type { Locator, Page } from 'playwright-core';
import { LOADING_SKELETON_MS, messages } from '@sikka/contracts';

/** The frame around every page: header, mobile menu, bottom bar, footer, toasts, skeleton. */
export class AppShell {
  constructor(readonly page: Page) {}

  get header(): Locator {
    return this.page.getByRole('banner');
  }
  get mainNav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }
  /** A link or button in the header by its exact visible name. */
  headerLink(name: string): Locator {
    return this.header.getByRole('link', { name, exact: true });
  }
  get headerBalance(): Locator {
    return this.header.getByTestId('header-balance');
  }
  get logoutButton(): Locator {
    return this.header.getByRole('button', { name: 'Logout', exact: true });
  }
  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Open menu' });
  }
  get mobileMenu(): Locator {
    return this.page.getByRole('dialog', { name: 'Menu' });
  }
  get bottomBar(): Locator {
    return this.page.getByRole('navigation', { name: 'Quick navigation' });
  }
  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }
  /** The page's own title: every screen has exactly one level-1 heading. */
  get pageHeading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** How far the page scrolls sideways, in CSS px: 0 when nothing overflows the viewport. */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() =>
      Math.max(0, (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth),
    );
  }
  /** The elements that reach past the viewport's right edge, for a failure message. */
  overflowingElements(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    );
  }
  /** The router's error page ('Unexpected Application Error!'). */
  get errorPage(): Locator {
    return this.page.getByRole('heading', { name: messages.router.unexpected });
  }
  get notFound(): Locator {
    return this.page.getByRole('heading', { name: 'Page not found' });
  }
  /**
   * The alert that stands in for a part whose code could not be downloaded ('The menu', 'The
   * coin list', …), with its Retry and Close buttons.
   */
  partFailed(part: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: messages.router.partFailed(part) });
  }
  /** An alert containing `text` (a list that failed to load, …). */
  alert(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
  /** The Logout button inside the mobile menu. */
  get menuLogout(): Locator {
    return this.mobileMenu.getByRole('button', { name: 'Logout' });
  }
  get startupSkeleton(): Locator {
    return this.page.getByRole('status', { name: 'Loading Sikka' });
  }
  /** A sonner toast of the given type ('success' | 'error' | 'info') containing `text`. */
  toast(text: string, type?: 'success' | 'error' | 'info'): Locator {
    const selector = type ? `[data-sonner-toast][data-type="${type}"]` : '[data-sonner-toast]';
    return this.page.locator(selector).filter({ hasText: text });
  }

  /** Opens a path as a fresh page load and waits out the start-up skeleton. */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await this.ready();
  }
  /**
   * After a fresh load: the start-up skeleton has had its LOADING_SKELETON_MS and is gone.
   * (Waiting only for "no skeleton" could pass before React has even drawn it.)
   */
  async ready(): Promise<void> {
    await this.page.waitForFunction(
      (ms) =>
        performance.now() >= ms &&
        !document.querySelector('[role="status"][aria-label="Loading Sikka"]'),
      LOADING_SKELETON_MS,
    );
  }
  /**
   * Closes a dialog that opened by itself (the KYC type choice opens on the dashboard while
   * KYC is pending), waiting up to `withinMs` for one to appear.
   */
  async dismissDialog(withinMs = 3000): Promise<void> {
    const dialog = this.page.getByRole('dialog').first();
    try {
      await dialog.waitFor({ timeout: withinMs });
    } catch {
      return;
    }
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  async openMobileMenu(): Promise<Locator> {
    await this.menuButton.click();
    await this.mobileMenu.waitFor();
    return this.mobileMenu;
  }
  bodyOverflow(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.body).overflow);
  }
  pathname(): string {
    return new URL(this.page.url()).pathname;
  }
  /** The path once the network is idle and the path has not changed for `quietMs` (guards redirect right after render). */
  async settledPathname(quietMs = 400): Promise<string> {
    // A redirect to a page not visited yet first loads that page's code.
    await this.page.waitForLoadState('networkidle');
    // Watched in the page, every 50 ms: the path last changed at least quietMs ago.
    await this.page.waitForFunction(
      (quiet) => {
        const seen = window as unknown as { __settledPath?: string; __settledSince?: number };
        if (seen.__settledPath !== location.pathname) {
          seen.__settledPath = location.pathname;
          seen.__settledSince = performance.now();
        }
        return performance.now() - (seen.__settledSince ?? 0) >= quiet;
      },
      quietMs,
      { polling: 50 },
    );
    return this.pathname();
  }
  /**
   * Resolves once the page has painted twice more: whatever the page was handling (a failed
   * download, an error about to reach an error boundary) has been rendered by then.
   */
  async nextPaint(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
  }
}
