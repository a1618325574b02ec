import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { messages } from '@sikka/contracts';
import {
  logInAdmin,
  newUser,
  signUp,
  signUpVerified,
  startTestApp,
  type TestApp,
} from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { utr } from '../support/money-helpers.ts';
import { listRoutes } from './support/routes.ts';
import { diff, snapshot } from './support/snapshot.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SITE = 'https://sikka.example';

/** Item 6a: no other site can make a signed-in browser change anything, and GET changes nothing. */
describe.skipIf(!pgUrl())('CSRF on every mutating route', () => {
  let t: TestApp;
  let admin: string;
  let user: Awaited<ReturnType<typeof signUp>>;
  let pendingDeposit: string;

  beforeAll(async () => {
    // The site users open; the Host header is no longer what decides (issue 12.7b).
    t = await startTestApp('postgres', { MARKET_AUTOSTART: false, PUBLIC_ORIGIN: SITE });
    admin = await logInAdmin(t.app);
    user = await signUpVerified(t.app);
    const dep = await t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      headers: { cookie: user.cookie },
      payload: { amount: '500', utrNumber: utr() },
    });
    pendingDeposit = dep.json().deposit.id;
  });
  afterAll(() => t?.close());

  /** Each mutating route with a body that would succeed, sent as the admin (the worst case). */
  const targets = () => {
    const routes = listRoutes(t.app).filter((r) => MUTATING.has(r.method));
    return routes.map((r) => {
      const path =
        r.path === '*'
          ? '/api/admin/no-such-page'
          : r.path
              .replace(':userId', user.id)
              .replace(/:id\/(approve|reject)/, `${pendingDeposit}/$1`)
              .replace(':id', user.id);
      const bodies: Record<string, object> = {
        '/api/auth/signup': newUser(),
        '/api/auth/login': { email: user.email, password: user.password },
        '/api/me': { fullName: 'Changed By Another Site' },
        '/api/deposits': { amount: '100000', utrNumber: utr() },
        '/api/trades/quick': { side: 'buy', usdtAmount: '1', quotedRate: '100000' },
        [`/api/admin/users/${user.id}/kyc`]: {
          decision: 'approve',
          submittedAt: new Date().toISOString(),
        },
        [`/api/admin/deposits/${pendingDeposit}/reject`]: { reason: 'forged' },
      };
      return { method: r.method as InjectOptions['method'], url: path, body: bodies[path] ?? {} };
    });
  };

  it('cross-site Origin or Sec-Fetch-Site → 403; form, text/plain, multipart bodies → 415; nothing written', async () => {
    const before = await snapshot(t.app.db);
    const list = targets();
    const failures: string[] = [];
    const tally: Record<string, number> = {};
    for (const target of list) {
      const text = JSON.stringify(target.body);
      const form = new URLSearchParams(
        Object.entries(target.body).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const multipart = new FormData();
      for (const [k, v] of Object.entries(target.body)) multipart.append(k, String(v));
      const attacks: Array<[string, number, InjectOptions]> = [
        [
          'Origin evil',
          403,
          {
            headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
            payload: text,
          },
        ],
        [
          // A foreign page reached through a name that resolves to this server (DNS rebinding)
          // or a proxy passing Host through: Host equals the foreign Origin.
          'forged Host = Origin evil',
          403,
          {
            headers: {
              origin: 'https://evil.example',
              host: 'evil.example',
              'content-type': 'application/json',
            },
            payload: text,
          },
        ],
        [
          'Origin null',
          403,
          { headers: { origin: 'null', 'content-type': 'application/json' }, payload: text },
        ],
        [
          'Sec-Fetch-Site cross-site',
          403,
          {
            headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
            payload: text,
          },
        ],
        [
          'Sec-Fetch-Site same-site',
          403,
          {
            headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
            payload: text,
          },
        ],
        [
          'form body',
          415,
          { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form },
        ],
        ['text/plain body', 415, { headers: { 'content-type': 'text/plain' }, payload: text }],
      ];
      // Multipart is the KYC upload's format; everywhere else it is refused like a form.
      if (target.url !== '/api/kyc') attacks.push(['multipart body', 415, { payload: multipart }]);
      for (const [label, want, opts] of attacks) {
        const res = await t.app.inject({
          ...opts,
          method: target.method,
          url: target.url,
          headers: { ...opts.headers, cookie: admin },
        });
        tally[`${want}`] = (tally[`${want}`] ?? 0) + 1;
        const code = want === 403 ? 'cross_site' : 'unsupported_media_type';
        if (res.statusCode !== want || res.json().error?.code !== code)
          failures.push(
            `${target.method} ${target.url} ${label}: ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    const changes = diff(before, await snapshot(t.app.db));
    // Control: the same request from our own origin goes through.
    const control = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: {
        cookie: user.cookie,
        host: 'sikka.example',
        origin: SITE,
        'sec-fetch-site': 'same-origin',
      },
      payload: { fullName: 'Asha R' },
    });
    console.log(
      `[csrf] ${list.length} mutating routes (${list.map((x) => `${x.method} ${x.url.replace(/[0-9a-f-]{36}/g, ':id')}`).join(', ')}): ` +
        `${tally['403']} cross-site attempts → 403, ${tally['415']} form/text/multipart bodies → 415; ` +
        `failures ${failures.length}; rows changed ${changes.length}; same-origin control → ${control.statusCode}`,
    );
    expect(failures).toEqual([]);
    expect(changes).toEqual([]);
    expect(control.statusCode).toBe(200);
    expect(messages.http.crossSite).toBeTruthy();
  });

  it('GET on every mutation path changes nothing (404/405 where only the mutation exists)', async () => {
    const list = targets();
    const all = listRoutes(t.app);
    const before = await snapshot(t.app.db);
    const answers: string[] = [];
    const failures: string[] = [];
    for (const target of list) {
      const query = new URLSearchParams(
        Object.entries(target.body).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const url = `${target.url}${query ? `?${query}` : ''}`;
      for (const cookie of [admin, user.cookie]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        const hasGet = all.some(
          (r) =>
            r.method === 'GET' &&
            r.path !== '*' &&
            new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(target.url),
        );
        answers.push(`${target.url.replace(/[0-9a-f-]{36}/g, ':id')} ${res.statusCode}`);
        // Admin paths answer a non-admin 403 before anything else, like every admin path.
        const refusals = cookie === admin ? [404, 405] : [403, 404, 405];
        // 503 chain_unavailable: this server runs without a chain (EVM_CHAIN=off), by design.
        const noChain = res.statusCode === 503 && res.json().error?.code === 'chain_unavailable';
        if ((res.statusCode >= 500 && !noChain) || (!hasGet && !refusals.includes(res.statusCode)))
          failures.push(`GET ${url}: ${res.statusCode}`);
      }
    }
    const changes = diff(before, await snapshot(t.app.db));
    // The sessions used above are still alive: GET /api/auth/logout logged no one out.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: user.cookie },
    });
    console.log(
      `[csrf] GET on ${list.length} mutation paths as admin and user: ${[...new Set(answers)].join(', ')}; ` +
        `rows changed ${changes.length}; session after GET /api/auth/logout → ${still.statusCode}`,
    );
    expect(failures).toEqual([]);
    expect(changes).toEqual([]);
    expect(still.statusCode).toBe(200);
  });
});
