import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { newUser, signUp, type TestApp, startAppWithMail } from '../../../test/support/app.ts';
import { linkIn, type CapturedMail, type MailCatcher } from '../../../test/support/mail-catcher.ts';
import { api } from '../../../test/support/money-helpers.ts';
import { totpCode, turnOnTotp } from '../../../test/support/two-factor.ts';

const CODE_LINE = 'Your anti-phishing code:';

/**
 * ADR 034: a user's anti-phishing code is shown at the top of every mail Sikka sends the
 * account, and of no other account's mail. Mail arrives at a real SMTP server started here;
 * every step goes through the real routes.
 */
describe.each(availableDrivers())('anti-phishing code on %s', (driver) => {
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(driver));
  });
  afterAll(() => close());

  const http = () => api(t.app);
  const setCode = (cookie: string, code: unknown, headers: Record<string, string> = {}) =>
    http().put('/api/auth/anti-phishing-code', cookie, { code }, headers);
  const storedCode = async (userId: string) =>
    (
      await t.app.db.query<{ code: string | null }>(
        'SELECT anti_phishing_code AS code FROM users WHERE id = $1',
        [userId],
      )
    )[0]!.code;
  /** The code a mail shows: first line of the text, and in the HTML above the greeting. */
  const shownCode = (m: CapturedMail): string | null => {
    const first = m.text.split('\n')[0]!;
    if (!first.startsWith(CODE_LINE)) {
      expect(m.text).not.toContain(CODE_LINE);
      expect(m.html).not.toContain(CODE_LINE);
      return null;
    }
    const code = first.slice(CODE_LINE.length).trim();
    const html = m.html.indexOf(CODE_LINE);
    expect(html).toBeGreaterThan(-1);
    expect(html).toBeLessThan(m.html.indexOf('Hello'));
    expect(m.html).toContain(`>${code}</strong>`);
    return code;
  };
  const forgot = (email: string) => http().post('/api/auth/password/forgot', undefined, { email });

  it('once set, every mail to the account shows it at the top; the notice already does', async () => {
    const user = await signUp(t.app);
    const before = await mail.waitForTo(user.email, 'Confirm your email');
    expect(shownCode(before)).toBeNull();

    const res = await setCode(user.cookie, '  Lotus42 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.security.antiPhishingCodeSet('Lotus42'));
    expect(await storedCode(user.id)).toBe('Lotus42');
    const overview = await http().get('/api/auth/security', user.cookie);
    expect(overview.json().antiPhishingCode).toBe('Lotus42');

    const notice = await mail.waitForTo(user.email, 'anti-phishing code was set');
    expect(shownCode(notice)).toBe('Lotus42');

    await forgot(user.email);
    const reset = await mail.waitForTo(user.email, 'Reset your Sikka password');
    expect(shownCode(reset)).toBe('Lotus42');
    expect(linkIn(reset, '/reset-password').searchParams.get('token')).toBeTruthy();
  });

  it('shows in no other account’s mail', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await setCode(owner.cookie, 'OwnerOnly7')).statusCode).toBe(200);
    await forgot(other.email);
    expect(shownCode(await mail.waitForTo(other.email, 'Reset your Sikka password'))).toBeNull();
    // The account another asks to move onto its address is told with its own code, not the
    // asker's.
    const asker = await signUp(t.app);
    expect((await setCode(asker.cookie, 'AskerCode1')).statusCode).toBe(200);
    const asked = await http().post('/api/auth/email/change', asker.cookie, {
      newEmail: owner.email,
      currentPassword: asker.password,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const taken = await mail.waitForTo(owner.email, 'Your email and Sikka');
    expect(shownCode(taken)).toBe('OwnerOnly7');
  });

  it('an e-mail change’s mails show the account’s code, at the new address and the old', async () => {
    const user = await signUp(t.app);
    expect((await setCode(user.cookie, 'Move2Here')).statusCode).toBe(200);
    const next = newUser().email;
    await http().post('/api/auth/email/change', user.cookie, {
      newEmail: next,
      currentPassword: user.password,
    });
    const link = await mail.waitForTo(next, 'Confirm your new email');
    expect(shownCode(link)).toBe('Move2Here');
    expect(shownCode(await mail.waitForTo(user.email, 'A change of your Sikka email'))).toBe(
      'Move2Here',
    );
    const token = linkIn(link, '/confirm-email-change').searchParams.get('token')!;
    const done = await http().post('/api/auth/email/change/confirm', undefined, { token });
    expect(done.statusCode, done.body).toBe(200);
    // The old address no longer belongs to the account, and still gets its code.
    expect(shownCode(await mail.waitForTo(user.email, 'Your Sikka email was changed'))).toBe(
      'Move2Here',
    );
  });

  it('refuses a code that is not 4 to 20 letters and digits, and changes nothing', async () => {
    const user = await signUp(t.app);
    for (const bad of ['abc', 'has space', '<b>hi</b>', 'x'.repeat(21), 'naïve1', '', 42]) {
      const res = await setCode(user.cookie, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields.code, String(bad)).toBe(
        messages.security.antiPhishingCodeFormat,
      );
    }
    expect(await storedCode(user.id)).toBeNull();
    // The database refuses one too, whoever writes it.
    await expect(
      t.app.db.query("UPDATE users SET anti_phishing_code = '<i>x</i>' WHERE id = $1", [user.id]),
    ).rejects.toThrow(/users_anti_phishing_code_check/);

    expect((await setCode(user.cookie, 'Same1234')).statusCode).toBe(200);
    const again = await setCode(user.cookie, 'Same1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.code).toBe(messages.security.antiPhishingCodeSame);
  });

  it('can be removed; later mails show none; removing nothing is refused', async () => {
    const user = await signUp(t.app);
    const none = await setCode(user.cookie, null);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(messages.security.antiPhishingCodeNotSet);

    expect((await setCode(user.cookie, 'Gone2024')).statusCode).toBe(200);
    const removed = await setCode(user.cookie, null);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(messages.security.antiPhishingCodeRemoved);
    expect(await storedCode(user.id)).toBeNull();
    expect(
      shownCode(await mail.waitForTo(user.email, 'anti-phishing code was removed')),
    ).toBeNull();
    await forgot(user.email);
    expect(shownCode(await mail.waitForTo(user.email, 'Reset your Sikka password'))).toBeNull();
  });

  it('is audited without the code itself', async () => {
    const user = await signUp(t.app);
    await setCode(user.cookie, 'Secret99');
    await setCode(user.cookie, 'Secret100');
    await setCode(user.cookie, null);
    const rows = await t.app.db.query<{ action: string; after: unknown }>(
      `SELECT action, after FROM audit_log WHERE subject_user_id = $1
          AND action LIKE 'security.anti_phishing%' ORDER BY id`,
      [user.id],
    );
    expect(rows.map((r) => [r.action, r.after])).toEqual([
      ['security.anti_phishing_code_set', { replaced: false }],
      ['security.anti_phishing_code_set', { replaced: true }],
      ['security.anti_phishing_code_removed', { replaced: true }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Secret');
  });

  it('asks for the second factor when it is on', async () => {
    const user = await signUp(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    const asked = await setCode(user.cookie, 'Guarded1');
    expect(asked.json().error.code).toBe('two_factor_required');
    expect(await storedCode(user.id)).toBeNull();
    const ok = await setCode(user.cookie, 'Guarded1', {
      'x-two-factor-code': totpCode(secret, t.app.clock()),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedCode(user.id)).toBe('Guarded1');
  });

  it('needs a signed-in user', async () => {
    const res = await http().put('/api/auth/anti-phishing-code', undefined, { code: 'Nobody12' });
    expect(res.statusCode).toBe(401);
  });
});
