import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

/** Where the pre-rendered page for a path lands in dist: / → prerendered/index.html. */
export const prerenderedFile = (route: string) =>
  `prerendered/${route === '/' ? 'index' : route.replace(/^\//, '')}.html`;

interface FirstScreensModule {
  firstScreens: Record<string, { Component: () => unknown; title: string | null }>;
}

/**
 * After the build: renders the first screen of each pre-rendered path (src/app/first-screens.tsx)
 * with react-dom/server into a copy of dist/index.html, in place of the generic start-up
 * skeleton. The server sends these copies for their paths (apps/server/src/http/static.ts).
 * The module is loaded through a throwaway Vite server in SSR mode, so it sees the same
 * aliases and JSX transform as the app.
 */
export function prerenderFirstScreens(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sikka-prerender-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        root: config.root,
        configFile: false,
        resolve: { alias: config.resolve.alias },
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { createElement } = await import('react');
        const { renderToStaticMarkup } = await import('react-dom/server');
        const mod = (await server.ssrLoadModule(
          '/src/app/first-screens.tsx',
        )) as FirstScreensModule;
        for (const [route, { Component, title }] of Object.entries(mod.firstScreens)) {
          const markup = renderToStaticMarkup(createElement(Component as () => null));
          // The template's note about the generic skeleton does not hold for this copy.
          let html = template.replace(
            /<body>[\s\S]*<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
            (_all, end: string) => `<body>\n    <div id="root">${markup}</div>${end}`,
          );
          if (!html.includes(markup)) throw new Error('dist/index.html has no #root to fill');
          if (title)
            html = html.replace(/<title>[^<]*<\/title>/, `<title>${title} · Sikka</title>`);
          const file = path.join(outDir, prerenderedFile(route));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
      } finally {
        await server.close();
      }
    },
  };
}
