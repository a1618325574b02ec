import type { Locator, Page } from 'playwright-core';
import { AppShell } from './app-shell.ts';

/**
 * A user whose KYC is pending gets the KYC type choice on opening the dashboard (PRODUCT.md
 * §2 "KYC flow"), once per visit. Money tests close it the way a user would, with Escape.
 */
export async function dismissKycPrompt(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Complete Your KYC' });
  await dialog.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** The dashboard frame (side menu) and its overview page. */
export class DashboardPage {
  readonly shell: AppShell;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
  }

  /** The side menu (desktop). */
  get sideMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard', exact: true });
  }
  get logout(): Locator {
    return this.sideMenu.getByRole('button', { name: 'Logout' });
  }
  /** A section link in the side menu (Overview, Wallet, …). */
  sectionLink(name: string): Locator {
    return this.sideMenu.getByRole('link', { name });
  }
  /** The sideways strip that replaces the side menu on phones. */
  get mobileMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard sections' });
  }
  /** The fade (with a chevron) over an edge of the phone strip that has more items behind it. */
  mobileMenuMore(edge: 'start' | 'end'): Locator {
    return this.mobileMenu.getByTestId(`scroll-more-${edge}`);
  }
  get kycBanner(): Locator {
    return this.page.getByRole('region', { name: 'Complete Your KYC' });
  }
  get verifiedBadge(): Locator {
    return this.page.getByRole('heading', { level: 1 }).getByText('Verified', { exact: true });
  }
  get totalBalance(): Locator {
    return this.page.getByTestId('total-balance');
  }
  /** The INR amount of the Wallet Balance (INR) card. */
  get walletBalance(): Locator {
    return this.page.getByTestId('wallet-balance-inr');
  }
  get usdtBalance(): Locator {
    return this.page.getByTestId('usdt-balance');
  }
  get pnl(): Locator {
    return this.page.getByTestId('todays-pnl');
  }
  /** Total Balance's amount (from /api/me/overview). */
  get totalBalanceInr(): Locator {
    return this.page.getByTestId('total-balance-inr');
  }
  /** Today's PnL in rupees, signed, and in percent. */
  get pnlInr(): Locator {
    return this.page.getByTestId('todays-pnl-inr');
  }
  get pnlPercent(): Locator {
    return this.page.getByTestId('todays-pnl-percent');
  }
  /** "Welcome to Sikka," or "Welcome back," above the name: the overview has drawn. */
  get greeting(): Locator {
    return this.page.getByText(/^Welcome (to Sikka|back),$/);
  }
  get quickActions(): Locator {
    return this.page.getByRole('region', { name: 'Quick Actions' });
  }

  /** Opens a dashboard path; `kycPending` users first close the KYC prompt. */
  async goto(path = '/dashboard', { kycPending = true } = {}): Promise<void> {
    await this.shell.open(path);
    if (kycPending) await dismissKycPrompt(this.page);
    await this.greeting.waitFor();
  }
}
