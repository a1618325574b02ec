import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages, SESSION_COOKIE } from '@sikka/contracts';
import type { UserRow } from '../users/user-row.ts';
import { findSessionUser } from './sessions.ts';
import { forbidden, unauthorized } from '../domain-error.ts';
import { backfillEmailSkeletons } from './identities.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, decided by the server from the session cookie; null when signed out. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** Loads the session user for every /api request that carries the session cookie. */
export const authPlugin = fp(async (app) => {
  // After the admin bootstrap (app.ts), so the admin's e-mail has its skeleton from the start.
  await backfillEmailSkeletons(app.db, app.log);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const user = await findSessionUser(app.db, token, app.clock());
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
});

/** The signed-in user; signed out is `unauthorized`, in the words of the screen that asks. */
export function requireUser(
  request: FastifyRequest,
  message: string = messages.http.unauthorized,
): UserRow {
  if (!request.user) throw unauthorized(message);
  return request.user;
}

/** preHandler for routes that need a signed-in user. */
export async function requireUserHook(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  requireUser(request);
}

/** preHandler guarding every /api/admin route on the server: 401 signed out, 403 non-admin. */
export async function requireAdminHook(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden();
}
