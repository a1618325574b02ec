import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../domain-error.ts';

/** Paths whose HTML the web build pre-renders (apps/web/src/app/first-screens.tsx). */
const PRERENDERED_PATHS = ['/', '/markets'];

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the built web app with SPA fallback: unknown non-API GETs get index.html so the
 * client router decides. /api/* misses stay JSON 404s.
 */
export async function installStatic(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  const root = path.resolve(webDist ?? DEFAULT_WEB_DIST);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    // The built app is ~650 KB of JavaScript and CSS, ~210 KB compressed: sent raw it took
    // Lighthouse's slow-4G phone about 3 s longer to first paint (docs/performance.md).
    // Compressed per request for browsers that ask (Accept-Encoding); assets are immutable and
    // cached for a year, so each browser pays once. Brotli at quality 5, not the default 11,
    // which would spend ~0.5 s of CPU on the largest chunk. Registered here, after the API
    // routes, so only the files served below and the SPA fallback are compressed.
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: cache it for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  // The build pre-renders the first screen of some pages into their own copy of index.html
  // (apps/web/vite-prerender.ts): their text is painted before the scripts load.
  const prerendered = new Map(
    PRERENDERED_PATHS.map((p) => [p, `prerendered/${p === '/' ? 'index' : p.slice(1)}.html`]),
  );
  for (const [p, file] of prerendered)
    if (!existsSync(path.join(root, file))) prerendered.delete(p);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (!hasWeb || url.startsWith('/api/') || url === '/api' || request.method !== 'GET')
      throw notFound();
    const file = prerendered.get(url.length > 1 ? url.replace(/\/+$/, '') : url) ?? 'index.html';
    return reply.header('Cache-Control', 'no-cache').sendFile(file);
  });
}
