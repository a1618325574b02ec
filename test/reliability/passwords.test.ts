import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { newUser, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

/** $argon2id$v=19$m=19456,t=2,p=1$salt$hash → its parameters. */
function phc(hash: string) {
  const m = /^\$(argon2id)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(
    hash,
  );
  if (!m) return null;
  return { alg: m[1]!, v: Number(m[2]), m: Number(m[3]), t: Number(m[4]), p: Number(m[5]) };
}

/** Item 5: how passwords are stored and which ones are accepted. */
describe.skipIf(!pgUrl())('passwords on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      'postgres',
      { MARKET_AUTOSTART: false },
      { productionPasswordHashing: true },
    );
  });
  afterAll(() => t?.close());

  const signup = (password: string, email = newUser().email) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...newUser(), email, password },
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const storedHash = async (email: string) =>
    (
      await t.app.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email = $1',
        [email],
      )
    )[0]!.password_hash;

  it('stores argon2id with at least 19 MiB and 2 iterations, salted per user', async () => {
    const a = newUser();
    const b = newUser();
    expect((await signup('same password for both', a.email)).statusCode).toBe(201);
    expect((await signup('same password for both', b.email)).statusCode).toBe(201);
    const ha = await storedHash(a.email);
    const hb = await storedHash(b.email);
    const params = phc(ha);
    console.log(
      `[passwords] stored ${ha.split('$').slice(0, 4).join('$')}$… → ${JSON.stringify(params)} ` +
        `(${((params?.m ?? 0) / 1024).toFixed(0)} MiB); same password, two users, same hash: ${ha === hb}`,
    );
    expect(params).not.toBeNull();
    expect(params!.alg).toBe('argon2id');
    expect(params!.v).toBe(19);
    expect(params!.m).toBeGreaterThanOrEqual(19 * 1024);
    expect(params!.t).toBeGreaterThanOrEqual(2);
    expect(params!.p).toBeGreaterThanOrEqual(1);
    expect(ha).not.toBe(hb);
    expect(ha).not.toContain('same password');
  });

  it('8 characters minimum, counted as characters, with the product message', async () => {
    const seven = await signup('k9#Lm2!');
    const eight = await signup('k9#Lm2!q');
    // Seven emoji are seven characters, though JavaScript counts 14 UTF-16 units.
    const sevenEmoji = await signup('🔐🐯🌶️🪔🏏🛺🥭'.replace('️', ''));
    const eightEmoji = await signup('🔐🐯🌶🪔🏏🛺🥭🦚');
    console.log(
      `[passwords] 7 chars → ${seven.statusCode} "${seven.json().error?.fields?.password}", 8 chars → ${eight.statusCode}; ` +
        `7 emoji → ${sevenEmoji.statusCode}, 8 emoji → ${eightEmoji.statusCode}`,
    );
    expect(seven.statusCode).toBe(400);
    expect(seven.json().error.fields.password).toBe(messages.signup.passwordMin);
    expect(eight.statusCode).toBe(201);
    expect(sevenEmoji.statusCode).toBe(400);
    expect(sevenEmoji.json().error.fields.password).toBe(messages.signup.passwordMin);
    expect(eightEmoji.statusCode).toBe(201);
  });

  it('64-character and Unicode passwords sign up and log in; a near miss does not', async () => {
    const long = 'Xy7!'.repeat(16);
    const unicode = 'पासवर्ड सुरक्षित है ₹१२३ — Ünïcødé 🔐';
    const results: string[] = [];
    for (const password of [long, unicode]) {
      const u = newUser();
      const s = await signup(password, u.email);
      const ok = await login(u.email, password);
      const nearMiss = await login(u.email, password.slice(0, -1));
      results.push(
        `${[...password].length} chars: signup ${s.statusCode}, login ${ok.statusCode}, one char short ${nearMiss.statusCode}`,
      );
      expect(s.statusCode).toBe(201);
      expect(ok.statusCode).toBe(200);
      expect(nearMiss.statusCode).toBe(401);
    }
    // The same text typed on another keyboard may arrive decomposed (NFD): it still matches.
    const u = newUser();
    const composed = 'Café Müller Ñandú 2024';
    expect((await signup(composed, u.email)).statusCode).toBe(201);
    const decomposed = await login(u.email, composed.normalize('NFD'));
    results.push(`NFC sign-up, NFD login → ${decomposed.statusCode}`);
    console.log(`[passwords] ${results.join('; ')}`);
    expect(decomposed.statusCode).toBe(200);
  });

  it('refuses the most common passwords, whatever the case, with a clear message', async () => {
    const common = [
      'password',
      '12345678',
      'qwerty123',
      'Password1',
      'ILOVEYOU1',
      'iloveindia',
      'admin@123',
    ];
    const answers = [];
    for (const password of common) answers.push(await signup(password));
    const accepted = await signup('a less predictable one');
    console.log(
      `[passwords] ${common.length} common passwords → ${answers.map((a) => a.statusCode).join(',')}: ` +
        `"${answers[0]!.json().error.fields.password}"; an uncommon one → ${accepted.statusCode}`,
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(400);
      expect(a.json().error.fields.password).toBe(messages.signup.passwordCommon);
    }
    expect(messages.signup.passwordCommon).toMatch(/too common/);
    expect(accepted.statusCode).toBe(201);
  });
});
