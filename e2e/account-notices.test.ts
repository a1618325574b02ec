import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { uniqueUtr, userIdOf, verifiedUserPage } from './support/money-seed.ts';
import { AdminPage } from './page-models/admin-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { NotificationsBell } from './page-models/security-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const LIVE = { timeout: 15_000 };
const unreadOf = (label: string | null) => Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0);

describe.skipIf(Boolean(skip))('notices of admin decisions in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ mail: true });
  });
  afterAll(() => e2e?.close());

  it('the admin approves a deposit: the open dashboard’s bell counts it and shows the notice, and a mail goes out', async () => {
    const { page, account } = await verifiedUserPage(e2e);
    const userId = await userIdOf(e2e.app, account.email);
    const utr = uniqueUtr();
    await e2e.app.db.query(
      'INSERT INTO deposits (user_id, amount, utr_number) VALUES ($1, 2500, $2)',
      [userId, utr],
    );
    const dashboard = new DashboardPage(page);
    await dashboard.shell.open('/dashboard');
    const bell = new NotificationsBell(page);
    await expect(bell.button).toBeVisible();
    // The count the bell starts from, once it has loaded the list (signing in may have left a
    // notice of its own): read from the server, and waited for on the bell.
    const unread = await page.request.get('/api/notifications');
    const before = ((await unread.json()) as { unread: number }).unread;
    await expect
      .poll(async () => unreadOf(await bell.button.getAttribute('aria-label')), LIVE)
      .toBe(before);

    // The admin decides in their own browser; the user's page is not reloaded.
    const adminPage = await e2e.adminPage(VIEWPORTS.desktop);
    const admin = new AdminPage(adminPage);
    await admin.goto();
    await admin.openTab('Deposits');
    await admin.filter(utr, 'pending');
    await admin.waitForRows(1, utr);
    await admin.rowButton(utr, 'Approve').click();
    await admin.shell.toast(messages.admin.depositApproved, 'success').waitFor();

    await expect
      .poll(async () => unreadOf(await bell.button.getAttribute('aria-label')), LIVE)
      .toBe(before + 1);
    // The badge on the bell shown at this size (phones have their own bell).
    await expect(bell.button.getByTestId('notifications-unread')).toHaveText(String(before + 1));
    await bell.button.click();
    await expect(bell.panel).toBeVisible();
    const notice = bell.items.filter({ hasText: 'Deposit credited' }).first();
    await expect(notice).toContainText(
      'Your deposit of ₹2,500.00 was credited to your INR balance.',
    );
    await screenshotBothSizes(page, 'notifications-deposit-credited', async (p) => {
      await p.keyboard.press('Escape');
      await expect(bell.panel).toHaveCount(0);
      await bell.button.click();
      await expect(bell.items.filter({ hasText: 'Deposit credited' }).first()).toBeVisible();
    });
    await page.setViewportSize(VIEWPORTS.desktop);

    const mail = await e2e.mail!.waitForTo(account.email, 'Deposit credited', 20_000);
    expect(mail.text).toContain('₹2,500.00');
    expect(mail.text).toMatch(/See the deposit: http:\/\/\S+\/dashboard\/wallet\/deposits\//);
  });
});
