import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  messages,
  SECOND_FACTOR_MAX_FAILURES,
  TWO_FACTOR_HEADER,
  TWO_FACTOR_LOGIN_ATTEMPTS,
} from '@sikka/contracts';
import { availableDrivers } from '../../../test/support/databases.ts';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { totpCode, turnOnTotp } from '../../../test/support/two-factor.ts';

const STEP_MS = 30_000;
/** Far more guesses than either limit, sent at once. */
const BURST = 60;

/**
 * The wrong-code limits of two-factor hold however many guesses arrive at once: each request
 * claims its attempt before its code is checked (second-factor.ts, login.ts), so no more codes
 * are ever checked than the limit allows. On PostgreSQL the requests really run in parallel
 * (a pool of 20 connections); PGlite serialises them, and the limits must hold there too.
 */
describe.each(availableDrivers())('two-factor attempts racing on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // A clock that moves only by `advance`: a burst never straddles two TOTP steps.
    t = await startTestApp(driver, {}, { frozenClock: true });
  });
  afterAll(() => t.close());

  type User = Awaited<ReturnType<typeof signUpVerified>>;

  const now = () => t.app.clock();
  /** A step-up route with no side effect beyond its answer: new backup codes. */
  const stepUp = (user: User, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/backup-codes',
      headers: { cookie: user.cookie, [TWO_FACTOR_HEADER]: code },
    });
  const signInStep = (stepCookie: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      headers: { cookie: stepCookie },
      payload: { code },
    });
  /** The password step of a sign-in with TOTP on: the step cookie ("name=value"). */
  async function startSignIn(user: User): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.json()).toEqual({ user: null, twoFactorRequired: true });
    const c = res.cookies.find((x) => x.name === 'sikka_2fa');
    if (!c) throw new Error('no sikka_2fa cookie');
    return `${c.name}=${c.value}`;
  }
  /** `n` six-digit codes none of which is good now (the current step or one either side). */
  function wrongCodes(secret: string, n: number): string[] {
    const at = now().getTime();
    const good = new Set([-1, 0, 1].map((d) => totpCode(secret, new Date(at + d * STEP_MS))));
    const codes: string[] = [];
    for (let i = 0; codes.length < n; i += 1) {
      const code = String(100000 + i * 7919);
      if (!good.has(code)) codes.push(code);
    }
    return codes;
  }
  const failuresOf = async (userId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM second_factor_failures WHERE user_id = $1',
        [userId],
      )
    )[0]!.n;
  const wrongCodeSignIns = async (userId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sign_in_events
          WHERE user_id = $1 AND method = 'two_factor' AND outcome = 'wrong_code'`,
        [userId],
      )
    )[0]!.n;
  /** How many answers carried each error code (or the status, for answers without one). */
  function tally(responses: LightMyRequestResponse[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const res of responses) {
      const key = (res.json() as { error?: { code?: string } }).error?.code ?? `${res.statusCode}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  it(`checks at most ${SECOND_FACTOR_MAX_FAILURES} of ${BURST} wrong step-up codes sent at once, then refuses even the right one`, async () => {
    const user = await signUpVerified(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    const responses = await Promise.all(wrongCodes(secret, BURST).map((c) => stepUp(user, c)));
    expect(tally(responses)).toEqual({
      two_factor_invalid: SECOND_FACTOR_MAX_FAILURES,
      two_factor_throttled: BURST - SECOND_FACTOR_MAX_FAILURES,
    });
    expect(await failuresOf(user.id)).toBe(SECOND_FACTOR_MAX_FAILURES);
    const throttled = responses.find((r) => r.statusCode === 429)!;
    expect(throttled.json().error.message).toBe(messages.security.tooManyCodes);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    // As after ten wrong codes one by one: the right code waits too, and is not counted.
    t.advance(STEP_MS);
    const right = await stepUp(user, totpCode(secret, now()));
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('two_factor_throttled');
    expect(await failuresOf(user.id)).toBe(SECOND_FACTOR_MAX_FAILURES);
  });

  it(`checks at most ${TWO_FACTOR_LOGIN_ATTEMPTS} of ${BURST} wrong codes sent at once to one sign-in step`, async () => {
    const user = await signUpVerified(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    const step = await startSignIn(user);
    const responses = await Promise.all(wrongCodes(secret, BURST).map((c) => signInStep(step, c)));
    // Every checked code is recorded twice: a failure of the user's, a wrong-code sign-in.
    expect(await failuresOf(user.id)).toBe(TWO_FACTOR_LOGIN_ATTEMPTS);
    expect(await wrongCodeSignIns(user.id)).toBe(TWO_FACTOR_LOGIN_ATTEMPTS);
    // The last allowed wrong code ends the step, as one by one; the rest find it over.
    expect(tally(responses)).toEqual({
      validation_error: TWO_FACTOR_LOGIN_ATTEMPTS - 1,
      unauthorized: BURST - TWO_FACTOR_LOGIN_ATTEMPTS + 1,
    });
    expect(responses.some((r) => r.statusCode === 200)).toBe(false);

    t.advance(STEP_MS);
    const right = await signInStep(step, totpCode(secret, now()));
    expect(right.statusCode).toBe(401);
    expect(right.json().error.message).toBe(messages.security.twoFactorExpired);
  });

  it('still takes the right code after a few wrong ones, one at a time, without counting it', async () => {
    const user = await signUpVerified(t.app);
    const secret = await turnOnTotp(t, user.cookie);
    for (const code of wrongCodes(secret, 3)) {
      expect((await stepUp(user, code)).json().error.code).toBe('two_factor_invalid');
    }
    const right = await stepUp(user, totpCode(secret, now()));
    expect(right.statusCode, right.body).toBe(200);
    expect(await failuresOf(user.id)).toBe(3);

    // A sign-in step: wrong codes are field errors until the fifth, which ends the step.
    t.advance(STEP_MS);
    const step = await startSignIn(user);
    for (const code of wrongCodes(secret, 2)) {
      const wrong = await signInStep(step, code);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.code).toBe(messages.security.codeInvalid);
    }
    const signedIn = await signInStep(step, totpCode(secret, now()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.cookies.some((c) => c.name === 'sikka_session')).toBe(true);
    expect(await failuresOf(user.id)).toBe(5);

    const again = await startSignIn(user);
    const answers: number[] = [];
    for (const code of wrongCodes(secret, TWO_FACTOR_LOGIN_ATTEMPTS)) {
      answers.push((await signInStep(again, code)).statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 401]);
    // Ten wrong codes in the window by now: the user's own limit refuses the next step's codes,
    // and a refusal does not use up the step's attempts (it still answers 429, not 401).
    t.advance(STEP_MS);
    const third = await startSignIn(user);
    for (let i = 0; i <= TWO_FACTOR_LOGIN_ATTEMPTS; i += 1) {
      const refused = await signInStep(third, totpCode(secret, now()));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('two_factor_throttled');
    }
    expect(await failuresOf(user.id)).toBe(SECOND_FACTOR_MAX_FAILURES);
  });
});
