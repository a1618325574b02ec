import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';

/** A TOTP generator for a base32 secret, as an authenticator app holds it (RFC 6238, SHA-1, 6 digits, 30 s). */
export function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The code an app shows at `at` (default now). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}

/**
 * Turns TOTP on for the signed-in user of `cookie` through the real routes, then moves the
 * server's clock past the step its code used (a step counts once), so the next code is good.
 * Returns the secret, as the user's app holds it.
 */
export async function turnOnTotp(
  t: { app: FastifyInstance; advance(ms: number): void },
  cookie: string,
): Promise<string> {
  const send = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const setup = await send('/api/auth/two-factor/totp/setup');
  const { secret } = setup.json() as { secret: string };
  const enable = await send('/api/auth/two-factor/totp/enable', {
    code: totpCode(secret, t.app.clock()),
  });
  if (enable.statusCode !== 200) throw new Error(`TOTP not enabled: ${enable.body}`);
  t.advance(30_000);
  return secret;
}
