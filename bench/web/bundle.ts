import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: Array<{ file: string; bytes: number; gzipBytes: number; why: string }>;
  gzipBytes: number;
  bytes: number;
  /** Lazy chunks the entry loads on demand (routes split), and all JavaScript files built. */
  lazyChunks: number;
  allChunks: number;
}

/** gzip at the default level (6), as a server compressing on the fly would send it. */
export const gzipSize = (buf: Buffer) => gzipSync(buf).length;

/** Static imports of a Vite chunk: `import"./x.js"` and `from"./x.js"` (not `import("./x.js")`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/\b(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) out.push(m[1]!);
  return out;
}

/**
 * The JavaScript a first visit to `/` downloads before the page can render, from the built
 * files alone: index.html's module script and modulepreloads, their static imports, and the
 * lazy chunk of the home route with its preloaded dependencies (__vite__mapDeps).
 */
export function initialJsForHome(dist: string): InitialJs {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = path.join(dist, 'assets');
  const seeds: Array<{ file: string; why: string }> = [];
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g))
    seeds.push({ file: m[1]!, why: 'entry' });
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g))
    seeds.push({ file: m[1]!, why: 'modulepreload' });
  if (seeds.length === 0) throw new Error(`no module script in ${dist}/index.html`);

  const entry = readFileSync(path.join(assets, seeds[0]!.file), 'utf8');
  const home =
    /import\("\.\/(home-page-[\w-]+\.js)"\)(?:\s*,\s*__vite__mapDeps\(\[([\d,]*)\]\))?/.exec(entry);
  if (home) {
    seeds.push({ file: home[1]!, why: 'route / (lazy)' });
    const deps = /m\.f\|\|\(m\.f=\[([^\]]*)\]\)/.exec(entry)?.[1];
    const list = deps ? [...deps.matchAll(/"assets\/([^"]+)"/g)].map((d) => d[1]!) : [];
    for (const i of (home[2] ?? '').split(',').filter(Boolean)) {
      const dep = list[Number(i)];
      if (dep?.endsWith('.js')) seeds.push({ file: dep, why: 'route / dependency' });
    }
  }

  const seen = new Map<string, string>();
  const queue = [...seeds];
  while (queue.length > 0) {
    const { file, why } = queue.shift()!;
    if (seen.has(file)) continue;
    const full = path.join(assets, file);
    if (!existsSync(full)) continue;
    seen.set(file, why);
    for (const dep of staticImports(readFileSync(full, 'utf8')))
      queue.push({ file: dep, why: `static import of ${file}` });
  }
  const files = [...seen].map(([file, why]) => {
    const buf = readFileSync(path.join(assets, file));
    return { file, bytes: buf.length, gzipBytes: gzipSize(buf), why };
  });
  return {
    lazyChunks: new Set([...entry.matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1])).size,
    allChunks: readdirSync(assets).filter((f) => f.endsWith('.js')).length,
    files,
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    bytes: files.reduce((n, f) => n + f.bytes, 0),
  };
}
