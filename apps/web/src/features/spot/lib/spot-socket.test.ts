import { describe, expect, it } from 'vitest';
import type { ClientMessage, SpotBookMessage } from '@sikka/contracts';
import { createMessageHandler } from '@/lib/realtime/market-messages.ts';
import { MarketStore } from '@/lib/realtime/market-store.ts';
import { parseServerMessage } from '@/lib/realtime/realtime-client.ts';
import { SpotChannel } from '@/lib/realtime/spot-channel.ts';

/** A channel whose sends are recorded, wired to the socket's message handler. */
function setup() {
  const sent: ClientMessage[] = [];
  const channel = new SpotChannel((m) => sent.push(m));
  const handle = createMessageHandler({
    store: new MarketStore(),
    resync: () => undefined,
    onSpotBook: (m) => channel.emitBook(m),
    onSpotOrders: () => channel.emitOrders(),
  });
  return { sent, channel, handle };
}

describe("the spot exchange's side of the socket", () => {
  it('parses spotBook and spotOrders frames and hands them to the channel', () => {
    const { channel, handle } = setup();
    const books: SpotBookMessage[] = [];
    let orders = 0;
    channel.onBook((m) => books.push(m));
    channel.onOrders(() => (orders += 1));
    const frame = parseServerMessage(
      '{"type":"spotBook","market":"BTC-INR","seq":3,"snapshot":true,"bids":[["1","2"]],"asks":[],"trades":[]}',
    );
    expect(frame).not.toBeNull();
    handle(frame!);
    handle(parseServerMessage('{"type":"spotOrders"}')!);
    expect(books.map((b) => b.seq)).toEqual([3]);
    expect(orders).toBe(1);
    // A book frame without its arrays is not one.
    expect(parseServerMessage('{"type":"spotBook","market":"BTC-INR","seq":4}')).toBeNull();
  });

  it('subscribes, subscribes again after a reconnect, and unsubscribes on leaving', () => {
    const { sent, channel } = setup();
    let reread = 0;
    channel.onOrders(() => (reread += 1));
    channel.follow('BTC-INR');
    channel.opened(false);
    channel.opened(true);
    channel.unfollow('ETH-INR'); // another market's page left: not ours to end
    channel.unfollow('BTC-INR');
    channel.opened(true);
    expect(sent).toEqual([
      { type: 'spotSubscribe', market: 'BTC-INR' },
      { type: 'spotSubscribe', market: 'BTC-INR' },
      { type: 'spotSubscribe', market: 'BTC-INR' },
      { type: 'spotUnsubscribe' },
    ]);
    // Orders events lost while the socket was down: the screens re-read after each reconnect.
    expect(reread).toBe(2);
  });
});
