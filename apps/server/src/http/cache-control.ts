import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every caller, signed in or not (market data, health, the
     * OpenAPI document): the route's own Cache-Control, if any, is left alone.
     */
    sessionIndependent?: boolean;
  }
}

const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * The rule's header, for the one kind of answer its hook never sees: what the router refuses
 * before any route or hook runs (http/errors.ts `frameworkErrorReply`).
 */
export function markNoStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * Every /api answer is `Cache-Control: no-store` unless its route says `sessionIndependent`.
 * Answers that depend on the session (the user, balances, deposits, admin lists, KYC
 * documents, the login answer) must not stay in a browser's or a shared proxy's cache for
 * the next person at the same machine. Opt-in to caching rather than opt-out, so a new route
 * is safe by default; onSend, so errors (401, 403, 404, 429 from hooks and handlers) are
 * covered too. A route's own stricter header ('private, no-store') is kept. Static web files
 * are outside /api and keep their own caching (http/static.ts).
 */
export function installCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]!;
    if (path !== '/api' && !path.startsWith('/api/')) return payload;
    if (request.routeOptions.config.sessionIndependent === true) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !NO_STORE.test(current)) {
      markNoStore(reply);
    }
    return payload;
  });
}
