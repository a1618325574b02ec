import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web app's copy promises only what the product does. Promises a walk through the app
 * found untrue are kept out here; the ones that are true name the test that shows the feature
 * behind them, so the sentence and the feature stay together.
 */

const SRC = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source file of the web app that users read from, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The copy, JSX text broken over lines joined again, so a phrase split by a line is found. */
const copy = sources(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: readFileSync(file, 'utf8').replace(/\s+/g, ' '),
}));

const where = (pattern: RegExp) => copy.filter((f) => pattern.test(f.text)).map((f) => f.file);

describe('copy that promises only what exists', () => {
  it('reads the whole web app', () => {
    expect(copy.length).toBeGreaterThan(100);
    expect(where(/Simulated prices/)).not.toEqual([]);
  });

  it.each([
    ['round-the-clock support', /24\s*[/x×]\s*7/i],
    ['a chat with support', /live chat|chat (with|to) (us|our|an? |support)/i],
    ['phone support', /\bcall us\b|phone support|helpline/i],
    ['being told when KYC is verified, in words that promise no channel', /let you know when/i],
    [
      'apps to download today',
      /download (the|our) app|available (now )?on (google play|the app store)|'Mobile & desktop apps'/i,
    ],
    ['price alerts today', /price alerts on your phone/i],
  ])('does not promise %s', (_what, pattern) => {
    expect(where(pattern)).toEqual([]);
  });

  it.each([
    // e2e/security.test.ts: "profile: the full name and phone number are changed on the page and kept"
    [
      'the name and phone number are changed on the Security page',
      /update your name and phone number on the Security page/,
      'features/static/content/privacy.ts',
    ],
    [
      'the FAQ says the same',
      /edit your phone number \(or your full name\) under Profile/,
      'features/static/content/faq.ts',
    ],
    // e2e/security.test.ts: "password change: a wrong current password is said at its field; …"
    ['a password can be changed', /change your password/, 'features/static/content/terms.ts'],
    // apps/server/test/account-notices.test.ts: "KYC approved and rejected: a notice with the unread count, and a mail"
    [
      'the KYC decision reaches the bell and the mailbox',
      /we will tell you in your notifications and by e-mail/,
      'features/dashboard/components/kyc-banner.tsx',
    ],
    // The apps are announced as coming, on the home page and on /mobile-app and /desktop-app.
    [
      'the apps are coming, not here',
      /Apps for Android, iOS and the desktop are coming soon/,
      'features/markets/pages/home-page.tsx',
    ],
  ])('says what is true: %s', (_what, pattern, file) => {
    expect(where(pattern)).toContain(file);
  });
});
