import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import {
  ADMIN,
  logInAdmin,
  newUser,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/support/app.ts';
import { emailSkeleton } from '../src/auth/identities.ts';

/** Look-alike letters by code point: Cyrillic a, o and e look like the Latin ones. */
const CYRILLIC_A = '\u0430';
const CYRILLIC_O = '\u043E';
const CYRILLIC_E = '\u0435';
const ZWSP = '\u200B';
const RLO = '\u202E';

describe.each(availableDrivers())('look-alike and invisible characters on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const signup = (body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  const confusable = {
    error: {
      code: 'email_confusable',
      message: messages.signup.emailConfusable,
      fields: { email: messages.signup.emailConfusable },
    },
  };

  it('refuses look-alikes of the admin’s e-mail: Cyrillic а, rn for m, 0 for o, full-width letters', async () => {
    const [local, domain] = ADMIN.email.split('@') as [string, string];
    const cyrillic = await signup(newUser({ email: `${CYRILLIC_A}dmin@${domain}` }));
    expect(cyrillic.statusCode).toBe(409);
    expect(cyrillic.json()).toEqual(confusable);
    const rn = await signup(newUser({ email: `${local.replace('m', 'rn')}@${domain}` }));
    expect(rn.json()).toEqual(confusable);
    const zero = await signup(newUser({ email: ADMIN.email.replace('.local', '.l0cal') }));
    expect(zero.json()).toEqual(confusable);
    // Full-width letters are the admin's own e-mail after NFKC: the product's message.
    const wide = await signup(newUser({ email: `ａｄｍｉｎ@${domain}` }));
    expect(wide.statusCode).toBe(409);
    expect(wide.json().error.code).toBe('user_already_exists');
    expect(wide.json().error.message).toBe(messages.signup.emailTaken);

    // None of them shows up in the admin's user list.
    const admin = await logInAdmin(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=dmin',
      headers: { cookie: admin },
    });
    const emails = (list.json().items as Array<{ email: string }>).map((u) => u.email);
    expect(emails).toEqual([ADMIN.email]);
  });

  it('refuses an e-mail with a zero-width space or bidi control, with a clear message', async () => {
    for (const email of [`ad${ZWSP}min@sikka.local`, `user${RLO}@example.com`]) {
      const res = await signup(newUser({ email }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.email).toBe(messages.signup.emailInvisible);
    }
  });

  it('refuses an e-mail that looks like any existing account’s; the exact one keeps its message', async () => {
    const stamp = `${Date.now()}${driver}`;
    const first = await signUp(t.app, { email: `mohan.${stamp}@example.com` });
    const lookAlikes = [
      `rnohan.${stamp}@example.com`,
      `m${CYRILLIC_O}han.${stamp}@example.com`,
      `MOHAN.${stamp}@EXAMPLE.COM`.replace('O', '0'),
    ];
    for (const email of lookAlikes) {
      const res = await signup(newUser({ email }));
      expect(res.statusCode, email).toBe(409);
      expect(res.json(), email).toEqual(confusable);
    }
    const same = await signup(newUser({ email: first.email.toUpperCase() }));
    expect(same.json().error).toEqual({
      code: 'user_already_exists',
      message: messages.signup.emailTaken,
      fields: { email: messages.signup.emailTaken },
    });
    const unrelated = await signup(newUser({ email: `sohan.${stamp}@example.com` }));
    expect(unrelated.statusCode).toBe(201);
  });

  it('stores a skeleton for every user, and fills it for accounts made before it existed', async () => {
    const stamp = `${Date.now()}${driver}`;
    // An account as migration 013 found it: no skeleton yet.
    const legacy = `leela.${stamp}@example.com`;
    await t.app.db.query(
      `INSERT INTO users (email, full_name, password_hash, kyc_status) VALUES ($1, 'Leela', 'x', 'pending')`,
      [legacy],
    );
    const res = await signup(newUser({ email: `l${CYRILLIC_E}ela.${stamp}@example.com` }));
    expect(res.json()).toEqual(confusable);
    const rows = await t.app.db.query<{ email: string; email_skeleton: string | null }>(
      'SELECT email, email_skeleton FROM users WHERE email IN ($1, $2)',
      [legacy, ADMIN.email],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.email_skeleton).toBe(emailSkeleton(row.email));
  });

  it('refuses invisible-only and right-to-left-override names, at sign-up and on PATCH /api/me', async () => {
    for (const fullName of [`${ZWSP}${ZWSP}${ZWSP}`, `Asha${RLO} Rao`, `Ad\u00ADmin`]) {
      const res = await signup(newUser({ fullName }));
      expect(res.statusCode, JSON.stringify(fullName)).toBe(400);
      expect(res.json().error.fields.fullName).toBe(messages.signup.fullNameInvisible);
    }
    const u = await signUp(t.app);
    const patch = (fullName: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: u.cookie },
        payload: { fullName },
      });
    const bad = await patch(`Sikka Admin${ZWSP}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.fullName).toBe(messages.signup.fullNameInvisible);
    const good = await patch('प्रिया नायर');
    expect(good.statusCode).toBe(200);
    expect(good.json().user.fullName).toBe('प्रिया नायर');
  });

  it('accepts Indian names in Devanagari and Tamil, stored as typed (NFKC)', async () => {
    for (const fullName of ['अनन्या शर्मा', 'முருகன் சுப்பிரமணியம்']) {
      const res = await signup(newUser({ fullName }));
      expect(res.statusCode, fullName).toBe(201);
      expect(res.json().user.fullName).toBe(fullName);
    }
    const wide = await signup(newUser({ fullName: 'Ａｓｈａ Ｒａｏ' }));
    expect(wide.json().user.fullName).toBe('Asha Rao');
  });

  it('signs in with the full-width form of an e-mail (NFKC at login too)', async () => {
    const body = newUser();
    const created = await signup(body);
    expect(created.statusCode).toBe(201);
    const wide = body.email.replace(/[a-z]/g, (c) =>
      String.fromCodePoint(c.codePointAt(0)! - 0x61 + 0xff41),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: wide, password: body.password },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatch(/^sikka_session=/);
  });
});
