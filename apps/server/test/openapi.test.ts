import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

type Operation = { tags?: string[]; responses: Record<string, unknown> };
type Doc = {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/** The OpenAPI document lists each route's own errors, and sets the admin tools apart. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await startTestApp('pglite', { MARKET_AUTOSTART: false });
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Doc>();
  });
  afterAll(() => t.close());

  /** The error statuses documented for one operation, as numbers in order. */
  function errorsOf(method: string, path: string): number[] {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    return Object.keys(op.responses)
      .map(Number)
      .filter((s) => s >= 400)
      .sort((a, b) => a - b);
  }
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  it('documents each route with the errors it can answer, not one list for all', () => {
    // Sign-out refuses only what every mutation may: a malformed or non-JSON body, a foreign
    // Origin, a body too large. Never a conflict, never "not signed in".
    expect(errorsOf('post', '/api/auth/logout')).toEqual([400, 403, 413, 415]);
    expect(errorsOf('get', '/api/me')).toEqual([401]);
    expect(errorsOf('get', '/api/health')).toEqual([]);
    expect(errorsOf('post', '/api/auth/login')).toEqual([400, 401, 403, 413, 415, 429]);
    expect(errorsOf('post', '/api/auth/signup')).toContain(409);
    expect(errorsOf('get', '/api/deposits/{id}')).toEqual([400, 401, 404]);
    expect(errorsOf('get', '/api/market/tickers')).toEqual([]);
    expect(errorsOf('get', '/api/market/candles')).toEqual([400, 404]);
    const distinct = new Set(operations().map(({ path, method }) => errorsOf(method, path).join()));
    expect(distinct.size).toBeGreaterThan(15);
  });

  it('puts every admin route, and only those, under the admin tag, with the guard’s 401 and 403', () => {
    const admin = doc.tags?.find((tag) => tag.name === 'Admin');
    expect(admin?.description).toMatch(/admin only/i);
    const all = operations();
    const adminOps = all.filter(({ path }) => path.startsWith('/api/admin/'));
    expect(adminOps.length).toBeGreaterThan(15);
    for (const { path, method, op } of all) {
      const isAdmin = path.startsWith('/api/admin/');
      expect(op.tags?.includes('Admin') ?? false, `${method} ${path}`).toBe(isAdmin);
      if (isAdmin)
        expect(errorsOf(method, path), `${method} ${path}`).toEqual(
          expect.arrayContaining([401, 403]),
        );
    }
  });

  // What the server really answers is among what its document lists.
  const answers: ReadonlyArray<[string, string, Partial<InjectOptions>]> = [
    ['get', '/api/me', {}],
    ['post', '/api/auth/logout', { headers: { 'content-type': 'text/plain' }, payload: 'x' }],
    ['post', '/api/auth/logout', { headers: { origin: 'https://evil.example' } }],
    [
      'post',
      '/api/auth/login',
      { payload: { email: 'nobody@example.com', password: 'wrong pass 1' } },
    ],
    ['post', '/api/auth/login', { payload: { email: 'not an email' } }],
    ['get', '/api/deposits/{id}', {}],
    ['get', '/api/market/candles', { url: '/api/market/candles?market=NOPEINR' }],
    ['get', '/api/admin/users', {}],
  ];
  for (const [method, path, options] of answers) {
    it(`${method.toUpperCase()} ${path}: the status it answers is documented`, async () => {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET' | 'POST',
        url: path.replace('{id}', '00000000-0000-4000-8000-000000000000'),
        ...options,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(errorsOf(method, path)).toContain(res.statusCode);
    });
  }
});
