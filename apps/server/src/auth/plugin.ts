import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages, SESSION_COOKIE } from '@sikka/contracts';
import type { UserRow } from '../users/user-row.ts';
import { findSessionUser, LAST_SEEN_RESOLUTION_MS, touchSession } from './sessions.ts';
import { DomainError, forbidden, unauthorized } from '../domain-error.ts';
import { backfillEmailSkeletons } from './identities.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route resolves its session itself, in its own database work (no lookup here): the
     * spot engine's batch (ADR 018), the quick trade's one statement (ADR 026).
     */
    sessionInEngine?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, decided by the server from the session cookie; null when signed out. */
    user: UserRow | null;
    sessionToken: string | null;
    /** The public id of the request's session (sessions.id), when signed in. */
    sessionId: string | null;
  }
}

/** Loads the session user for every /api request that carries the session cookie. */
export const authPlugin = fp(async (app) => {
  // After the admin bootstrap (app.ts), so the admin's e-mail has its skeleton from the start.
  await backfillEmailSkeletons(app.db, app.log);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // A route that resolves its session in its own transaction (ADR 018, ADR 026).
    if (request.routeOptions.config.sessionInEngine) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const now = app.clock();
    const user = await findSessionUser(app.db, token, now);
    if (user) {
      request.user = user;
      request.sessionToken = token;
      request.sessionId = user.session_id;
      // "Last seen" of the sessions list, moved at most once a minute per session.
      if (now.getTime() - user.session_last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) {
        await touchSession(app.db, user.session_id, now);
      }
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

/**
 * preHandler guarding every /api/admin route on the server: 401 signed out, 403 non-admin, and
 * 403 `two_factor_setup_required` until the admin account has TOTP on (ADR 017).
 */
export async function requireAdminHook(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden();
  if (!user.totp_enabled_at) {
    throw new DomainError('two_factor_setup_required', messages.security.twoFactorSetupRequired);
  }
}

/** The request's session id; only for routes behind requireUser. */
export function requireSessionId(request: FastifyRequest): string {
  requireUser(request);
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}
