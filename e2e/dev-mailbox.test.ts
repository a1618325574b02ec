import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e } from './support/e2e-app.ts';
import { looksRight, screenshotBothSizes } from './support/screenshots.ts';
import { VerifyEmailPage } from './page-models/account-recovery-pages.ts';
import { LoginPage } from './page-models/login-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

const VERIFY_SUBJECT = 'Confirm your email';

describe.skipIf(Boolean(skip))('the local mailbox of a server without SMTP', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  it('lists the kept mails newest first; a link in the text opens and verifies', async () => {
    const account = await e2e.signUpViaApi({ fullName: 'Ishaan Das' });
    const page = await e2e.newPage();
    const shell = new LoginPage(page).shell;
    await shell.open('/dev/mailbox');
    const mails = page.getByRole('list', { name: 'Mails' });
    const mail = mails.getByRole('button').filter({ hasText: account.email.toLowerCase() });
    await mail.first().click();
    const body = page.getByRole('article');
    await expect(body).toContainText(VERIFY_SUBJECT);
    const link = body.getByRole('link', { name: /\/verify-email\?token=/ });
    await expect(link).toBeVisible();
    await screenshotBothSizes(page, 'dev-mailbox', looksRight(mails, body));

    await page.setViewportSize(VIEWPORTS.desktop);
    // The link names the configured origin; open its path on this server.
    const href = new URL((await link.getAttribute('href')) ?? '');
    const verify = new VerifyEmailPage(page);
    await verify.open(href);
    await expect(verify.result).toHaveText(messages.security.emailVerified);
  });
});
