import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** Where the page asks for a coin's icon: `/coin-icons/btc` (ADR 024). */
export const COIN_ICON_PREFIX = '/coin-icons/';

const require = createRequire(import.meta.url);
const packageRoot = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * Where a coin's icon comes from, in order (ADR 024):
 *  1. `cryptocurrency-icons` (CC0 1.0, its LICENSE.md): 64×64 colour PNGs ("32@2x"), sharp on a
 *     2× phone at the 28–32 px the lists draw them, 1–4 KB each. Its set ends in 2022.
 *  2. `@web3icons/core` (MIT): SVGs of later coins (SUI, PEPE, ARB, TON, …), the "background"
 *     style (white mark on the coin's colour), which the page's round clip makes a disc like
 *     the PNGs. Tokens by symbol; a few coins are there only as their network.
 * Served by us, so the markets look the same offline and no third party learns who looks at
 * prices.
 */
type Icon = { kind: 'png'; file: string } | { kind: 'svg'; module: string };

/**
 * Coins whose web3icons mark is their network's: filed under its name only (TON, INJ), or with
 * their symbol taken by another project's token (ARB, APT: checked by eye, 28 November 2026).
 */
export const NETWORK_MARKS: Record<string, string> = {
  ton: 'ton',
  inj: 'injective',
  arb: 'arbitrum-one',
  apt: 'aptos',
};

function listIcons(): Map<string, Icon> {
  const icons = new Map<string, Icon>();
  const pngDir = path.join(packageRoot('cryptocurrency-icons'), '32@2x', 'color');
  for (const file of readdirSync(pngDir)) {
    // The package names them `btc@2x.png`.
    const symbol = /^([a-z0-9]+)@2x\.png$/.exec(file)?.[1];
    if (symbol) icons.set(symbol, { kind: 'png', file: path.join(pngDir, file) });
  }
  // Its exports hide package.json: its entry point is dist/index.js, beside dist/svgs.
  const svgDir = path.join(path.dirname(require.resolve('@web3icons/core')), 'svgs');
  for (const [symbol, network] of Object.entries(NETWORK_MARKS)) {
    if (!icons.has(symbol)) {
      const module = path.join(svgDir, 'networks', 'background', `${network}.svg.js`);
      icons.set(symbol, { kind: 'svg', module });
    }
  }
  const tokens = path.join(svgDir, 'tokens', 'background');
  for (const file of readdirSync(tokens)) {
    const symbol = /^([A-Z0-9]+)\.svg\.js$/.exec(file)?.[1]?.toLowerCase();
    if (symbol && !icons.has(symbol)) {
      icons.set(symbol, { kind: 'svg', module: path.join(tokens, file) });
    }
  }
  return icons;
}

/** Icons change only with the packages' versions: a browser may keep one for a week. */
const ICON_CACHE = 'public, max-age=604800';
/** An SVG opened on its own is a document of our origin: it may draw, never run anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * GET /coin-icons/<symbol> (and the older `<symbol>.png`). Only symbols listed from the packages'
 * folders at start-up are read (no path from the request reaches the file system); a coin
 * without an icon gets a 404 and the page keeps its initials placeholder
 * (components/market/coin-icon.tsx).
 */
export function installCoinIcons(app: FastifyInstance): void {
  const icons = listIcons();
  const cache = new Map<string, { type: string; body: Buffer }>();
  const load = async (icon: Icon) => {
    if (icon.kind === 'png') return { type: 'image/png', body: await readFile(icon.file) };
    const { default: svg } = (await import(pathToFileURL(icon.module).href)) as {
      default: string;
    };
    return { type: 'image/svg+xml', body: Buffer.from(svg) };
  };
  app.get<{ Params: { file: string } }>(
    `${COIN_ICON_PREFIX}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const symbol = /^([a-z0-9]{1,20})(\.png)?$/.exec(request.params.file.toLowerCase())?.[1];
      const icon = symbol ? icons.get(symbol) : undefined;
      if (!symbol || !icon) {
        return reply
          .code(404)
          .header('Cache-Control', ICON_CACHE)
          .type('text/plain')
          .send('no icon');
      }
      let found = cache.get(symbol);
      if (!found) {
        found = await load(icon);
        cache.set(symbol, found);
      }
      if (icon.kind === 'svg') reply.header('Content-Security-Policy', SVG_POLICY);
      return reply.header('Cache-Control', ICON_CACHE).type(found.type).send(found.body);
    },
  );
}
