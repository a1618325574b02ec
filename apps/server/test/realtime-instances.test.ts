import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pgUrl, postgresSkipReason } from '../../../test/support/databases.ts';
import { signUp, startTestInstances, type TestInstances } from '../../../test/support/app.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';

const hasPostgres = pgUrl() !== '';
if (!hasPostgres) console.warn(postgresSkipReason());

/**
 * DESIGN.md §9: realtime fan-out crosses instances through LISTEN/NOTIFY. Two servers, each
 * with its own pool, on ONE PostgreSQL database: a balance changed through instance A reaches
 * the user's socket held by instance B.
 */
describe.skipIf(!hasPostgres)('realtime across two server instances on one PostgreSQL', () => {
  let instances: TestInstances;
  let apps: FastifyInstance[];
  let urlB: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    instances = await startTestInstances(2);
    apps = instances.apps;
    await listen(apps[0]!);
    urlB = await listen(apps[1]!);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await instances?.close();
  });

  it("delivers a balance change made through instance A to the user's socket on instance B", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const user = await signUp(a);
    const other = await signUp(a);
    const tab = await connect(urlB, { headers: { cookie: user.cookie } });
    const otherTab = await connect(urlB, { headers: { cookie: other.cookie } });
    sockets.push(tab, otherTab);
    await tab.next('snapshot');
    expect(b.realtime.size).toBe(2);
    expect(a.realtime.size).toBe(0);

    await a.db.query('UPDATE users SET balance = balance + 100 WHERE id = $1', [user.id]);
    expect(await tab.next('balance')).toEqual({
      type: 'balance',
      balances: { inr: '100.00', inrHeld: '0.00', usdt: '0.00000000' },
    });
    await a.db.transaction(async (tx) => {
      await tx.query(
        "UPDATE wallets SET balance = balance + 1.25 WHERE user_id = $1 AND coin_symbol = 'USDT'",
        [user.id],
      );
      await tx.query('UPDATE users SET balance = balance - 40 WHERE id = $1', [user.id]);
    });
    expect((await tab.next('balance')).balances).toEqual({
      inr: '60.00',
      inrHeld: '0.00',
      usdt: '1.25000000',
    });
    await b.realtime.settled();
    expect(otherTab.messages.some((m) => m.type === 'balance')).toBe(false);
  });
});
