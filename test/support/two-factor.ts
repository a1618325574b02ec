import { Secret, TOTP } from 'otpauth';

/** A TOTP generator for a base32 secret, as an authenticator app holds it (RFC 6238, SHA-1, 6 digits, 30 s). */
export function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The code an app shows at `at` (default now). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}
