import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_COOKIE,
  PASSKEY_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  TWO_FACTOR_COOKIE,
} from '@sikka/contracts';
import type { NewSession } from '../../auth/sessions.ts';

/** A device cookie lasts as long as browsers allow (400 days). */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  persistent: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Unchecked "remember me" = a browser-session cookie; the server enforces 3 days either way.
    ...(persistent ? { maxAge: Math.floor(SESSION_TTL_MS / 1000) } : {}),
  });
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** The short-lived cookies of a sign-in step (two-factor, passkey), only sent to /api/auth. */
export function setStepCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: typeof TWO_FACTOR_COOKIE | typeof PASSKEY_COOKIE,
  token: string,
  ttlMs: number,
): void {
  reply.setCookie(name, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ttlMs / 1000),
  });
}

export function clearStepCookie(
  reply: FastifyReply,
  name: typeof TWO_FACTOR_COOKIE | typeof PASSKEY_COOKIE,
): void {
  reply.clearCookie(name, { path: '/api/auth' });
}
