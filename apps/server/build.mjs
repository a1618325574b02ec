#!/usr/bin/env node
/**
 * `npm run build -w @sikka/server`: the production server as one JavaScript file,
 * dist/server/main.js, so `npm start` runs compiled code instead of compiling TypeScript with
 * tsx at every start (ADR 021). @sikka/contracts is bundled in (its package points at its
 * TypeScript sources, which plain Node cannot load); every npm dependency stays external and is
 * loaded from node_modules as usual.
 *
 * The bundle sits two folders below apps/server on purpose: the sources find their files
 * relative to themselves (src/db/migrate.ts: '../../migrations/', src/http/static.ts:
 * '../../../web/dist/'), and dist/server/main.js is at the same depth, so those paths hold.
 */
import { build } from 'esbuild';

/** Bare imports stay imports (esbuild's `packages: 'external'`), except our own workspace's. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sikka/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  absWorkingDir: new URL('./', import.meta.url).pathname,
  entryPoints: { 'server/main': 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.11',
  plugins: [externalPackages],
  sourcemap: 'linked',
  // Stack traces and pino's error logs keep the sources' function and class names.
  keepNames: true,
  logLevel: 'warning',
});
console.log(`server built into apps/server/dist/server/main.js in ${Date.now() - started} ms`);
