import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { Queryable } from '../db/index.ts';
import { hashToken } from './tokens.ts';

/**
 * "Chrome on Windows", "Safari on iPhone": a user agent as people name their devices, for the
 * sessions list, the sign-in history and the new-device mail. Never trusted for anything else.
 */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  try {
    const { browser, os, platform } = Bowser.getParser(userAgent).getResult();
    const name = browser.name?.replace(/^Chrome Headless$/, 'Chrome') || 'A browser';
    const where =
      platform.model && /iphone|ipad/i.test(platform.model)
        ? platform.model
        : (os.name ?? platform.type ?? '');
    return where ? `${name} on ${where}` : name;
  } catch {
    return 'Unknown device';
  }
}

/** A new device cookie's value: 128 random bits; only its SHA-256 is stored. */
export const newDeviceToken = (): string => randomBytes(16).toString('base64url');

/**
 * Records that `userId` signed in from the browser holding `deviceToken` (a long-lived cookie)
 * and says whether that browser is new to the account. A first device ever (a sign-up, or the
 * first sign-in after this feature came) is not "new": there is nothing to compare it with.
 */
export async function rememberDevice(
  db: Queryable,
  userId: string,
  deviceToken: string,
  userAgent: string,
  now: Date,
): Promise<{ isNew: boolean }> {
  const rows = await db.query<{ inserted: boolean; others: number }>(
    `WITH others AS (
       SELECT count(*)::int AS n FROM user_devices WHERE user_id = $1 AND device_hash <> $2
     ), up AS (
       INSERT INTO user_devices (user_id, device_hash, user_agent, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = $4, user_agent = $3
       RETURNING (xmax = 0) AS inserted
     )
     SELECT up.inserted, others.n AS others FROM up, others`,
    [userId, hashToken(deviceToken), userAgent.slice(0, 400), now],
  );
  const row = rows[0];
  return { isNew: Boolean(row?.inserted) && (row?.others ?? 0) > 0 };
}
