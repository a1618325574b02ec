import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestApp, type TestApp } from '../../../test/support/app.ts';
import { api, fundFromHouse } from '../../../test/support/money-helpers.ts';
import { connect, listen, type TestSocket } from '../../../test/support/realtime-client.ts';
import { textFrameHeader } from '../src/realtime/broadcast-frame.ts';

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
  });
});
