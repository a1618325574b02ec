import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../auth/sessions.ts';

/** Where a request comes from: its client address and user agent (shown, never trusted). */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 400) : '' };
}

/**
 * The site's address for links in mail: the page's Origin when it is one of ours (the site the
 * user is on, whatever port a test listens on), else the first public origin.
 */
export function siteOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && app.publicOrigins.allows(origin)) return origin;
  return app.publicOrigins.list()[0] ?? `http://${app.config.HOST}:${app.config.PORT}`;
}
