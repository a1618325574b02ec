import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  WS_CLOSE_SESSION_ENDED,
  WS_MAX_MESSAGE_BYTES,
  type BalanceMessage,
  type Balances,
} from '@sikka/contracts';
import { testConfig } from '../support/server.ts';
import { logInAdmin, signUp, signUpVerified, startTestApp, type TestApp } from '../support/app.ts';
import { pgUrl, postgresSkipReason } from '../support/databases.ts';
import { fund } from '../support/money-helpers.ts';
import { connect, listen, sleep, type TestSocket } from '../support/realtime-client.ts';

if (!pgUrl()) console.warn(postgresSkipReason());

const SESSION_CHECK_MS = 500;
const USERS = 10;
const ROUNDS = 100;

const handshake = (url: string, headers: Record<string, string>) =>
  connect(url, { headers }).then(
    (s) => {
      s.close();
      return 101;
    },
    (err: Error) => Number(/refused: (\d+)/.exec(err.message)?.[1] ?? 0),
  );

/** Item 6b: the realtime socket's guards, and balance events kept to their owner. */
describe.skipIf(!pgUrl())('WebSocket guards on PostgreSQL', () => {
  let t: TestApp;
  let url: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      'postgres',
      { MARKET_AUTOSTART: false, WS_SESSION_CHECK_MS: SESSION_CHECK_MS },
      { poolSize: 20, usdtInrRate: () => '87.70' },
    );
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('refuses a foreign Origin, closes within 60 s of logout, closes on an oversized message', async () => {
    const u = await signUp(t.app);
    const host = new URL(url).host;
    const foreign = await handshake(url, { origin: 'https://evil.example', cookie: u.cookie });
    const nullOrigin = await handshake(url, { origin: 'null', cookie: u.cookie });
    const own = await handshake(url, { origin: `http://${host}`, cookie: u.cookie });

    const tab = await connect(url, { headers: { cookie: u.cookie, origin: `http://${host}` } });
    sockets.push(tab);
    await tab.next('snapshot');
    const out = Date.now();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    const { code } = await tab.closed;
    const closedAfter = Date.now() - out;

    const big = await connect(url);
    sockets.push(big);
    await big.next('snapshot');
    big.ws.send('x'.repeat(WS_MAX_MESSAGE_BYTES + 1));
    const bigClose = await big.closed;
    const defaultCheck = testConfig().WS_SESSION_CHECK_MS;
    console.log(
      `[websocket] handshake: foreign Origin → ${foreign}, Origin null → ${nullOrigin}, own → ${own}; ` +
        `closed ${closedAfter} ms after logout (code ${code}; re-check every ${SESSION_CHECK_MS} ms here, ` +
        `default ${defaultCheck} ms); ${WS_MAX_MESSAGE_BYTES + 1}-byte message → close ${bigClose.code}`,
    );
    expect(foreign).toBe(403);
    expect(nullOrigin).toBe(403);
    expect(own).toBe(101);
    expect(code).toBe(WS_CLOSE_SESSION_ENDED);
    expect(closedAfter).toBeLessThan(60_000);
    // The product default closes a logged-out socket within 30 s, well inside the 60 s promise.
    expect(defaultCheck).toBeLessThanOrEqual(30_000);
    expect(bigClose.code).toBe(1009);
  });

  it(`${USERS * ROUNDS} balance events across ${USERS} users: none reaches another user`, async () => {
    const admin = await logInAdmin(t.app);
    const users = [];
    for (let i = 0; i < USERS; i++) {
      const u = await signUpVerified(t.app);
      await fund(t.app, u.cookie, admin, '10000');
      users.push(u);
    }
    // Two tabs per user, and a guest tab that must hear no balance at all.
    const tabs = await Promise.all(
      users.flatMap((u) => [0, 1].map(() => connect(url, { headers: { cookie: u.cookie } }))),
    );
    const guest = await connect(url);
    sockets.push(...tabs, guest);
    await Promise.all([...tabs, guest].map((s) => s.next('snapshot')));
    await t.app.realtime.settled();
    const seenBefore = tabs.map((s) => s.messages.length);

    // Every balance state each user reached, as the API acknowledged it.
    const states = users.map(() => new Set<string>());
    const key = (b: Balances) => `${b.inr}/${b.usdt}`;
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        users.map(async (u, i) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/trades/quick',
            headers: { cookie: u.cookie },
            payload:
              round % 2
                ? { side: 'sell', usdtAmount: '0.5', quotedRate: '86.20' }
                : { side: 'buy', usdtAmount: '0.5', quotedRate: '89.70' },
          });
          if (res.statusCode !== 201) throw new Error(`trade ${res.statusCode} ${res.body}`);
          const balances = res.json().balances as Balances;
          states[i]!.add(key(balances));
          // Wait for this state on both tabs, so each trade is one event, not coalesced away.
          for (const tab of [tabs[2 * i]!, tabs[2 * i + 1]!]) {
            const deadline = Date.now() + 5000;
            while (
              !tab.messages.some((m) => m.type === 'balance' && key(m.balances) === key(balances))
            ) {
              if (Date.now() > deadline)
                throw new Error(`no balance event for user ${i} round ${round}`);
              await sleep(2);
            }
          }
        }),
      );
    }
    const elapsed = Date.now() - started;
    await t.app.realtime.settled();
    await sleep(100);
    let events = 0;
    const leaks: string[] = [];
    tabs.forEach((tab, n) => {
      const owner = Math.floor(n / 2);
      for (const m of tab.messages.slice(seenBefore[n])) {
        if (m.type !== 'balance') continue;
        events += 1;
        const b = (m as BalanceMessage).balances;
        if (!states[owner]!.has(key(b))) leaks.push(`tab of user ${owner} got ${key(b)}`);
      }
    });
    const guestBalances = guest.messages.filter((m) => m.type === 'balance').length;
    console.log(
      `[websocket] ${users.length} users × ${ROUNDS} trades in ${(elapsed / 1000).toFixed(1)} s, 2 tabs each + 1 guest: ${events} balance events delivered ` +
        `(sent ${t.app.realtime.stats.balancesSent}); not the owner's: ${leaks.length}; to the guest: ${guestBalances}; ` +
        `the guest socket still open`,
    );
    expect(events).toBeGreaterThanOrEqual(USERS * ROUNDS);
    expect(leaks).toEqual([]);
    expect(guestBalances).toBe(0);
    expect(guest.ws.readyState).toBe(WebSocket.OPEN);
  }, 180_000);
});
