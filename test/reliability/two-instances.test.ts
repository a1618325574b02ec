import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@sikka/contracts';
import { utr } from '../support/money-helpers.ts';
import { connect, type TestSocket } from '../support/realtime-client.ts';
import { createPgDatabase, pgUrl, postgresSkipReason } from '../support/databases.ts';
import { httpClient, type HttpClient } from './support/http-client.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { logInAdminHttp, signUpHttp, withDatabase } from './support/trade-burst.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

/**
 * Item 10: two server processes (the production entry, twice) on one PostgreSQL database. A
 * deposit approved through one instance reaches the user's socket held by the other, both ways.
 */
describe.skipIf(!pgUrl())('two server processes on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const clients: HttpClient[] = [];
  const sockets: TestSocket[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createPgDatabase();
    // One after the other: the second finds the schema and the admin already there.
    for (let i = 0; i < 2; i++) {
      const s = await startServerProcess({ databaseUrl });
      servers.push(s);
      clients.push(httpClient(s.baseUrl, { maxSockets: 4 }));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('a deposit approved through one instance reaches the socket on the other, both ways', async () => {
    const figures: string[] = [];
    for (const [via, to] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const api = clients[via]!;
      const admin = await logInAdminHttp(api);
      const user = await withDatabase(databaseUrl, (db) => signUpHttp(api, db));
      const bystander = await signUpHttp(api);
      const ws = (cookie: string) =>
        connect(`${servers[to]!.baseUrl.replace('http', 'ws')}${REALTIME_PATH}`, {
          headers: { cookie },
        });
      const tab = await ws(user.cookie);
      const other = await ws(bystander.cookie);
      sockets.push(tab, other);
      await Promise.all([tab.next('snapshot'), other.next('snapshot')]);

      const dep = await api.post('/api/deposits', user.cookie, {
        amount: '2500',
        utrNumber: utr(),
      });
      const id = dep.json<{ deposit: { id: string } }>().deposit.id;
      const approved = await api.post(`/api/admin/deposits/${id}/approve`, admin);
      const at = Date.now();
      const event = await tab.next('balance', 10_000);
      const ms = Date.now() - at;
      // The other instance's own API agrees with what its socket said.
      const me = await clients[to]!.get('/api/me', user.cookie);
      await new Promise((r) => setTimeout(r, 200));
      const leaked = other.messages.filter((m) => m.type === 'balance').length;
      figures.push(
        `approved via :${servers[via]!.port} (${approved.status}) → socket on :${servers[to]!.port} ` +
          `got ₹${event.balances.inr} in ${ms} ms; bystander got ${leaked}`,
      );
      expect(approved.status).toBe(200);
      expect(event.balances).toEqual({ inr: '2500.00', inrHeld: '0.00', usdt: '0.00000000' });
      expect(me.json<{ balances: unknown }>().balances).toEqual(event.balances);
      expect(leaked).toBe(0);
      expect(ms).toBeLessThan(5000);
    }
    console.log(`[two-instances] 2 processes of main.ts on one database: ${figures.join('; ')}`);
  }, 120_000);
});
