import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import {
  passkeyHeader,
  softwarePasskey,
  type SoftwarePasskey,
} from '../../../test/support/software-passkey.ts';
import { totpCode } from '../../../test/support/two-factor.ts';

/**
 * ADR 032: a user with TOTP on may confirm a step-up with one of their own passkeys instead of
 * a code. The assertions are real ES256 signatures (a key pair held by the test), checked by
 * the server's WebAuthn library as a browser's would be.
 */
describe.each(availableDrivers())('step-up with a passkey on %s', (driver) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    origin = t.app.publicOrigins.list().find((o) => o.includes('localhost'))!;
    expect(origin, t.app.publicOrigins.list().join(', ')).toBeDefined();
  });
  afterAll(() => t.close());

  type User = Awaited<ReturnType<typeof signUpVerified>>;

  const post = (url: string, user: User, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, origin, ...headers } });
  /** A step-up route with no side effect beyond its answer: new backup codes. */
  const stepUp = (user: User, headers: Record<string, string> = {}) =>
    post('/api/auth/two-factor/backup-codes', user, headers);

  async function withTotp(): Promise<User> {
    const user = await signUpVerified(t.app);
    const setup = await post('/api/auth/two-factor/totp/setup', user);
    const { secret } = setup.json() as { secret: string };
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/totp/enable',
      headers: { cookie: user.cookie, origin },
      payload: { code: totpCode(secret, t.app.clock()) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    return user;
  }

  /** Stores a passkey for `user` as a registration would have. */
  async function addPasskey(user: User): Promise<SoftwarePasskey> {
    const key = softwarePasskey();
    await t.app.db.query(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at)
       VALUES ($1, $2, $3, 0, '{internal}', 'Test key', now())`,
      [key.id, user.id, key.publicKey],
    );
    return key;
  }

  async function challengeFor(user: User): Promise<{ challenge: string; allowed: string[] }> {
    const res = await post('/api/auth/step-up/passkey-options', user);
    expect(res.statusCode, res.body).toBe(200);
    const { options } = res.json() as {
      options: { challenge: string; allowCredentials: Array<{ id: string }> };
    };
    return { challenge: options.challenge, allowed: options.allowCredentials.map((c) => c.id) };
  }

  const refusal = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    return (res.json() as { error: { code: string; message: string } }).error;
  };

  it('confirms a step-up in place of a code, once: the same answer again is refused', async () => {
    const user = await withTotp();
    expect(refusal(await stepUp(user)).code).toBe('two_factor_required');
    const key = await addPasskey(user);

    const { challenge, allowed } = await challengeFor(user);
    expect(allowed).toEqual([key.id]);
    const header = passkeyHeader(key.assert(challenge, origin));
    const done = await stepUp(user, { 'x-two-factor-passkey': header });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { backupCodes: string[] }).backupCodes).toHaveLength(10);
    const [used] = await t.app.db.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM passkeys WHERE id = $1',
      [key.id],
    );
    expect(used?.last_used_at).toBeInstanceOf(Date);

    // Its challenge is used up: a replay of the very same answer proves nothing.
    const replay = refusal(await stepUp(user, { 'x-two-factor-passkey': header }));
    expect(replay).toEqual({
      code: 'two_factor_invalid',
      message: messages.security.passkeyExpired,
    });
  });

  it('one answer sent 8 times at once confirms once', async () => {
    const user = await withTotp();
    const key = await addPasskey(user);
    const { challenge } = await challengeFor(user);
    const header = passkeyHeader(key.assert(challenge, origin));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => stepUp(user, { 'x-two-factor-passkey': header })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
  });

  it("refuses another user's passkey, a wrong challenge, no user verification and a bad header", async () => {
    const user = await withTotp();
    const own = await addPasskey(user);
    const other = await withTotp();
    const theirs = await addPasskey(other);

    // Another user's passkey, though its signature is good: not this user's factor.
    const first = await challengeFor(user);
    expect(first.allowed).toEqual([own.id]);
    let challenge = first.challenge;
    const foreign = passkeyHeader(theirs.assert(challenge, origin));
    expect(refusal(await stepUp(user, { 'x-two-factor-passkey': foreign }))).toEqual({
      code: 'two_factor_invalid',
      message: messages.security.passkeyNotFound,
    });

    // The user's own passkey signing a challenge that is not the waiting one.
    ({ challenge } = await challengeFor(user));
    const stale = passkeyHeader(own.assert(`${challenge}x`, origin));
    expect(refusal(await stepUp(user, { 'x-two-factor-passkey': stale })).message).toBe(
      messages.security.passkeyFailed,
    );

    // Without user verification (a touch, but no PIN or biometric): refused.
    ({ challenge } = await challengeFor(user));
    const unverified = passkeyHeader(own.assert(challenge, origin, { userVerified: false }));
    expect(refusal(await stepUp(user, { 'x-two-factor-passkey': unverified })).message).toBe(
      messages.security.passkeyFailed,
    );

    // Signed for another site.
    ({ challenge } = await challengeFor(user));
    const elsewhere = passkeyHeader(own.assert(challenge, 'https://sikka.example'));
    expect(refusal(await stepUp(user, { 'x-two-factor-passkey': elsewhere })).message).toBe(
      messages.security.passkeyFailed,
    );

    // Not an assertion at all, or far too long.
    for (const header of ['not base64url!', passkeyHeader({}).slice(1), 'a'.repeat(9000)]) {
      expect(refusal(await stepUp(user, { 'x-two-factor-passkey': header })).code).toBe(
        'two_factor_invalid',
      );
    }
    // Each refusal above used its challenge up: nothing was written, and a good answer still
    // needs a new one.
    ({ challenge } = await challengeFor(user));
    const good = await stepUp(user, {
      'x-two-factor-passkey': passkeyHeader(own.assert(challenge, origin)),
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('a user without a passkey gets no options; one without TOTP is not asked', async () => {
    const user = await withTotp();
    const none = await post('/api/auth/step-up/passkey-options', user);
    expect(none.json()).toEqual({ options: null });
    const [row] = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_challenges WHERE user_id = $1 AND purpose = 'passkey_step_up'",
      [user.id],
    );
    expect(row?.n).toBe(0);

    const plain = await signUpVerified(t.app);
    const res = await stepUp(plain, { 'x-two-factor-passkey': 'anything' });
    // Without TOTP a step-up route asks nothing (ADR 017), and the header is not looked at:
    // the route gives its own answer (there are no backup codes to replace).
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'invalid_state', message: messages.security.totpNotEnabled },
    });
  });

  it('options need a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/passkey-options',
      headers: { origin },
    });
    expect(res.statusCode).toBe(401);
  });
});
