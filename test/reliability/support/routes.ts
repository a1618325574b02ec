import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The path as registered (`:id` params), or `*` for a wildcard (see below). */
  path: string;
}

/**
 * Every (method, path) the server has registered, read from `app.printRoutes()`, so a route
 * added tomorrow shows up here without anyone listing it. The tree is printed with one line
 * per route node: `├── /api/admin/users (GET, HEAD)` and indented children whose text is
 * relative to the parent line. find-my-way prints a wildcard node as a bare `*` without its
 * prefix, so wildcards come back as path `*`. Trailing slashes are dropped (`/api/trades/`
 * and `/api/trades` answer alike).
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const out: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?) \(([A-Z, ]+)\)(?: .*)?$/.exec(line);
    if (!m) {
      if (line.trim() !== '') throw new Error(`unexpected printRoutes line: ${line}`);
      continue;
    }
    const depth = m[1]!.length / 4;
    const segment = m[2]!;
    const path = segment === '*' ? '*' : (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of m[3]!.split(',').map((s) => s.trim())) {
      const normal = path.length > 1 ? path.replace(/\/$/, '') : path;
      if (!out.some((r) => r.method === method && r.path === normal))
        out.push({ method, path: normal });
    }
  }
  return out;
}
