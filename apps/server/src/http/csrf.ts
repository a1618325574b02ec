import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain-error.ts';
import { messages } from '@sikka/contracts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that take multipart/form-data (file uploads); every other mutation takes JSON. */
const MULTIPART_ROUTES = new Set(['/api/kyc']);

/**
 * CSRF defence in depth (DESIGN.md §3): SameSite=Lax cookies, plus refusing any mutation
 * from another site (Origin / Sec-Fetch-Site) and any body a plain HTML form could send.
 * "Another site" is any Origin outside `app.publicOrigins` (PUBLIC_ORIGIN): the Host header
 * is not trusted, since a foreign page reached through a name resolving here sends a Host
 * equal to its own Origin. Requests without Origin (curl, server-to-server) hold no victim's
 * cookies and pass to the content-type check.
 */
export function installCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new DomainError('cross_site', messages.http.crossSite);
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !app.publicOrigins.allows(origin)) {
      throw new DomainError('cross_site', messages.http.crossSite);
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody = type !== '' || Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    const path = request.url.split('?')[0]!;
    const ok =
      type === 'application/json' || (type === 'multipart/form-data' && MULTIPART_ROUTES.has(path));
    if (!ok) throw new DomainError('unsupported_media_type', messages.http.unsupportedMediaType);
  });
}
