import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';
import { textFrameHeader } from '../src/realtime/broadcast-frame.ts';
import { userPayloads } from '../src/spot/market-engine.ts';

/** ws's own framing, to hold ours to it. */
const { frame } = (
  createRequire(import.meta.url)('ws') as {
    Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
  }
).Sender;

describe('spot book frames, framed once for every socket', () => {
  it('frames exactly as ws does at every length encoding', () => {
    for (const n of [0, 5, 125, 126, 200, 65535, 65536, 70000]) {
      const payload = Buffer.alloc(n, 0x61);
      const theirs = Buffer.concat(
        frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true }),
      );
      expect(Buffer.concat([textFrameHeader(n), payload]).equals(theirs), `length ${n}`).toBe(true);
    }
  });

  it('names the users of a batch 200 to a NOTIFY, each payload under 8000 bytes', () => {
    const users = Array.from({ length: 450 }, () => randomUUID());
    const payloads = userPayloads(users);
    expect(payloads.map((p) => p.split(',').length)).toEqual([200, 200, 50]);
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThan(8000);
    expect(payloads.join(',').split(',')).toEqual(users);
    expect(userPayloads([])).toEqual([]);
  });

  describe('over real sockets', () => {
    let t: TestApp;
    let url: string;
    const sockets: TestSocket[] = [];
    beforeAll(async () => {
      t = await startTestApp('pglite', {
        SPOT_TRADING: true,
        SPOT_MARKET_MAKER: 'off',
        MARKET_AUTOSTART: false,
      });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await t.close();
    });

    it('every subscriber gets every delta, whole and in sequence', async () => {
      for (let i = 0; i < 3; i++) {
        const s = await connect(url);
        sockets.push(s);
        s.ws.send(JSON.stringify({ type: 'spotSubscribe', market: 'USDT-INR' }));
        expect(await s.next('spotBook')).toMatchObject({ snapshot: true, bids: [], asks: [] });
      }
      const http = api(t.app);
      const u = await signUpVerified(t.app);
      await fundFromHouse(t.app.db, u.id, 'INR', '100000');
      // Seven levels, then one more: deltas small and larger than 125 bytes.
      for (let i = 0; i < 8; i++) {
        const res = await http.post('/api/spot/orders', u.cookie, {
          market: 'USDT-INR',
          side: 'buy',
          type: 'limit',
          price: (80 + i).toFixed(2),
          quantity: '1',
        });
        expect(res.statusCode).toBe(201);
      }
      for (const s of sockets) {
        let seq = s.messages.find((m) => m.type === 'spotBook')!.seq;
        for (let i = 0; i < 8; i++) {
          const m = await s.next('spotBook');
          expect(m.snapshot).toBe(false);
          expect(m.seq).toBe(seq + 1);
          seq = m.seq;
          expect(m.bids.map((b) => b[0])).toContain((80 + i).toFixed(2));
        }
      }
    });

    it('tells each user whose orders a batch changed, both sides of a fill in one NOTIFY', async () => {
      const http = api(t.app);
      const seller = await signUpVerified(t.app);
      const buyer = await signUpVerified(t.app);
      await fundFromHouse(t.app.db, seller.id, 'USDT', '10');
      await fundFromHouse(t.app.db, buyer.id, 'INR', '10000');
      const socketOf = async (cookie: string) => {
        const s = await connect(url, { headers: { cookie } });
        sockets.push(s);
        await s.next('snapshot');
        return s;
      };
      const [sellerSocket, buyerSocket] = [
        await socketOf(seller.cookie),
        await socketOf(buyer.cookie),
      ];
      const payloads: string[] = [];
      const unlisten = await t.app.db.listen('spot_user', (p) => payloads.push(p));
      try {
        const place = (cookie: string, side: 'buy' | 'sell') =>
          http.post('/api/spot/orders', cookie, {
            market: 'USDT-INR',
            side,
            type: 'limit',
            price: '90.00',
            quantity: '2',
          });
        expect((await place(seller.cookie, 'sell')).statusCode).toBe(201);
        await sellerSocket.next('spotOrders');
        await expect.poll(() => payloads).toEqual([seller.id]);
        const taker = await place(buyer.cookie, 'buy');
        expect(taker.json().order.status).toBe('filled');
        await Promise.all([sellerSocket.next('spotOrders'), buyerSocket.next('spotOrders')]);
        await expect.poll(() => payloads.length).toBe(2);
        expect(payloads[1]!.split(',').sort()).toEqual([buyer.id, seller.id].sort());
      } finally {
        await unlisten();
      }
    });

    it('builds no frame for a market nobody follows; its first subscriber starts from the copy kept', async () => {
      const feed = t.app.spot!.feed;
      const framed: string[] = [];
      feed.on('frame', (market, _frame, snapshot) => {
        if (!snapshot) framed.push(market);
      });
      const http = api(t.app);
      const u = await signUpVerified(t.app);
      await fundFromHouse(t.app.db, u.id, 'INR', '100000');
      const bid = async (price: string) => {
        const deltas = feed.stats.deltas;
        const res = await http.post('/api/spot/orders', u.cookie, {
          market: 'ETH-INR',
          side: 'buy',
          type: 'limit',
          price,
          quantity: '0.01',
        });
        expect(res.statusCode).toBe(201);
        // The delta comes back over LISTEN after the answer.
        await expect.poll(() => feed.stats.deltas).toBeGreaterThan(deltas);
      };
      await bid('200000');
      expect(framed).toEqual([]);
      expect(feed.book('ETH-INR')!.bids).toEqual([['200000', '0.0100']]);

      const s = await connect(url);
      sockets.push(s);
      s.ws.send(JSON.stringify({ type: 'spotSubscribe', market: 'ETH-INR' }));
      const snap = await s.next('spotBook');
      expect(snap).toMatchObject({ snapshot: true, bids: [['200000', '0.0100']] });
      await bid('200001');
      expect(framed).toEqual(['ETH-INR']);
      expect(await s.next('spotBook')).toMatchObject({
        snapshot: false,
        seq: snap.seq + 1,
        bids: [['200001', '0.0100']],
      });
    });
  });
});
