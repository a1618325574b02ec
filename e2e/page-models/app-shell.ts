import type { Locator, Page } from 'playwright-core';

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
  async ready(): Promise<void> {
    await this.startupSkeleton.waitFor({ state: 'detached' });
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
}
