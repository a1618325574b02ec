import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { openTestDb } from '../../../test/support/databases.ts';
import type { Db } from '../src/db/index.ts';

const CONFIG = { WEB_DIST: '/nonexistent', MARKET_AUTOSTART: false } as const;

describe('admin bootstrap', () => {
  let db: Db | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await db?.close();
  });

  const login = (app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('creates the admin on first start with a generated password printed once', async () => {
    db = await openTestDb('pglite');
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const first = await buildApp(testConfig({ ...CONFIG, ADMIN_EMAIL: 'Boss@Sikka.Local' }), {
      db,
    });
    const match = /Password \(shown once\): (\S+)/.exec(printed.join(''));
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const res = await login(first, 'boss@sikka.local', password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'boss@sikka.local', role: 'admin' });
    await first.close();

    printed.length = 0;
    const second = await buildApp(testConfig({ ...CONFIG, ADMIN_EMAIL: 'boss@sikka.local' }), {
      db,
    });
    expect(printed.join('')).not.toContain('shown once');
    const admins = await db.query('SELECT email FROM users WHERE role = $1', ['admin']);
    expect(admins).toEqual([{ email: 'boss@sikka.local' }]);
    const stored = await db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(stored.some((r) => r.password_hash.includes(password))).toBe(false);
    await second.close();
  });

  it('uses ADMIN_PASSWORD when given, and moves the role when ADMIN_EMAIL changes', async () => {
    db = await openTestDb('pglite');
    const first = await buildApp(
      testConfig({ ...CONFIG, ADMIN_EMAIL: 'one@sikka.local', ADMIN_PASSWORD: 'first admin pass' }),
      { db },
    );
    expect((await login(first, 'one@sikka.local', 'first admin pass')).statusCode).toBe(200);
    const signup = await first.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        fullName: 'Two Admin',
        email: 'two@sikka.local',
        phone: '9876543210',
        password: 'second person pass',
      },
    });
    expect(signup.json().user.role).toBe('user');
    await first.close();

    const second = await buildApp(
      testConfig({ ...CONFIG, ADMIN_EMAIL: 'two@sikka.local', ADMIN_PASSWORD: 'ignored now' }),
      { db },
    );
    const roles = await db.query<{ email: string; role: string }>(
      'SELECT email, role FROM users ORDER BY email',
    );
    expect(roles).toEqual([
      { email: 'one@sikka.local', role: 'user' },
      { email: 'two@sikka.local', role: 'admin' },
    ]);
    // An existing account keeps its own password; ADMIN_PASSWORD only seeds a new admin.
    expect((await login(second, 'two@sikka.local', 'second person pass')).statusCode).toBe(200);
    expect((await login(second, 'two@sikka.local', 'ignored now')).statusCode).toBe(401);
    await second.close();
  });
});
