import type { Locator, Page } from 'playwright-core';
import { COOKIE_CONSENT_STORAGE_KEY } from '@sikka/contracts';
import { AppShell } from './app-shell.ts';

/** Any content page of the site: static pages, footer destinations, API docs, fees. */
export class StaticPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** Pretends the visitor accepted cookies already, so the banner does not cover screenshots. */
  async acceptCookiesUpFront(): Promise<void> {
    await this.page.addInitScript(
      (key) => localStorage.setItem(key, 'true'),
      COOKIE_CONSENT_STORAGE_KEY,
    );
  }

  async open(path: string): Promise<void> {
    await this.shell.open(path);
    await this.title.waitFor();
  }

  /** The page's one h1. */
  get title(): Locator {
    return this.page.locator('main h1');
  }
  get main(): Locator {
    return this.page.locator('main');
  }
  /** The router's default error page (PRODUCT.md §2), which no page may show. */
  get routerError(): Locator {
    return this.page.getByText('Unexpected Application Error!');
  }
  get notFound(): Locator {
    return this.page.getByRole('heading', { name: 'Page not found' });
  }
  get lastUpdated(): Locator {
    return this.main.getByText('Last updated: 27 April 2024');
  }
  /** Articles in the main content (blog posts, jobs, announcements, API operations). */
  get articles(): Locator {
    return this.main.locator('article');
  }
  /** The footer's links as [label, href]. */
  footerLinks(): Promise<Array<[string, string]>> {
    return this.shell.footer
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a): [string, string] => [
          a.textContent?.trim() ?? '',
          a.getAttribute('href') ?? '',
        ]),
      );
  }
  text(value: string | RegExp): Locator {
    return this.main.getByText(value).first();
  }
}
