import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * package.json "overrides" pins `cookie` to 1.x and @fastify/static's `content-disposition` to
 * 2.x, the last lines that support Node 20 (the next majors ask for Node >= 22). The plugins
 * call them through the same functions; this proves those calls still behave.
 */
describe('dependencies pinned for Node 20', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sikka-pinned-'));
    await writeFile(path.join(dir, 'statement.csv'), 'a,b\n1,2\n');
    app = Fastify();
    await app.register(fastifyCookie, { secret: 'a-secret-long-enough-for-signing' });
    await app.register(fastifyStatic, { root: dir, serve: false });
    app.get('/set', (_req, reply) =>
      reply
        .setCookie('sid', 'value with spaces', { httpOnly: true, sameSite: 'strict', path: '/' })
        .send('ok'),
    );
    app.get('/read', (req) => ({ sid: req.cookies.sid ?? null }));
    app.get('/download', (_req, reply) => reply.download('statement.csv', 'statement ₹ April.csv'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('cookies are written and read back (cookie 1.x under @fastify/cookie and inject)', async () => {
    const set = await app.inject({ url: '/set' });
    const header = String(set.headers['set-cookie']);
    expect(header).toBe('sid=value%20with%20spaces; Path=/; HttpOnly; SameSite=Strict');
    expect(set.cookies[0]).toMatchObject({ name: 'sid', value: 'value with spaces' });
    const read = await app.inject({ url: '/read', cookies: { sid: 'value with spaces' } });
    expect(read.json()).toEqual({ sid: 'value with spaces' });
  });

  it('a download names a non-ASCII file with an ASCII fallback (content-disposition 2.x)', async () => {
    const res = await app.inject({ url: '/download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\n1,2\n');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement ? April.csv"; filename*=UTF-8''statement%20%E2%82%B9%20April.csv`,
    );
  });
});
