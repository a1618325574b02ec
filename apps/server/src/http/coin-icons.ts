import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where the page asks for a coin's icon: `/coin-icons/btc.png`. */
export const COIN_ICON_PREFIX = '/coin-icons/';

/**
 * The icon set of the npm package `cryptocurrency-icons` (CC0 1.0, see its LICENSE.md), in its
 * 64×64 colour PNGs ("32@2x"): sharp on a 2× phone at the 28–32 px the lists draw them, and
 * 1–4 KB each. Served by us, so the markets look the same offline and no third party learns who
 * looks at prices (docs/adr, "coin icons from our server").
 */
function iconDirectory(): string {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('cryptocurrency-icons/package.json'));
  return path.join(root, '32@2x', 'color');
}

/** Icons change only with the package version: a browser may keep one for a week. */
const ICON_CACHE = 'public, max-age=604800';

/**
 * GET /coin-icons/<symbol>.png. Only names in the package's folder are read (listed once at
 * start-up), so no request can reach another file; a coin without an icon gets a 404 and the
 * page keeps its initials placeholder (components/market/coin-icon.tsx).
 */
export function installCoinIcons(app: FastifyInstance): void {
  const dir = iconDirectory();
  // The package names them `btc@2x.png`; we answer `btc.png`.
  const available = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const symbol = /^([a-z0-9]+)@2x\.png$/.exec(file)?.[1];
    if (symbol) available.set(`${symbol}.png`, file);
  }
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    `${COIN_ICON_PREFIX}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.file.toLowerCase();
      const file = available.get(name);
      if (!file) {
        return reply
          .code(404)
          .header('Cache-Control', ICON_CACHE)
          .type('text/plain')
          .send('no icon');
      }
      let body = cache.get(name);
      if (!body) {
        body = await readFile(path.join(dir, file));
        cache.set(name, body);
      }
      return reply.header('Cache-Control', ICON_CACHE).type('image/png').send(body);
    },
  );
}
