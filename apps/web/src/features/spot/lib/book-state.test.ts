import { describe, expect, it } from 'vitest';
import type { SpotBookMessage } from '@sikka/contracts';
import { applyBookMessage, bookFromResponse, emptyBook, lastTradePrice } from './book-state.ts';

const message = (over: Partial<SpotBookMessage>): SpotBookMessage => ({
  type: 'spotBook',
  market: 'BTC-INR',
  seq: 1,
  snapshot: false,
  bids: [],
  asks: [],
  trades: [],
  ...over,
});

const trade = (id: string, price: string, side: 'buy' | 'sell' = 'buy') => ({
  id,
  price,
  quantity: '0.001',
  side,
  time: '2026-01-01T00:00:00.000Z',
});

function snapshot() {
  const update = applyBookMessage(
    emptyBook('BTC-INR'),
    message({
      seq: 10,
      snapshot: true,
      bids: [
        ['5000000', '0.2'],
        ['5100000', '0.1'],
      ],
      asks: [
        ['5300000', '0.5'],
        ['5200000', '0.3'],
      ],
      trades: [trade('t1', '5150000')],
    }),
  );
  expect(update.kind).toBe('applied');
  return update.state;
}

describe('the spot book kept from the socket', () => {
  it('takes a snapshot whole, bids best (highest) first and asks best (lowest) first', () => {
    const book = snapshot();
    expect(book.seq).toBe(10);
    expect(book.synced).toBe(true);
    expect(book.bids).toEqual([
      ['5100000', '0.1'],
      ['5000000', '0.2'],
    ]);
    expect(book.asks).toEqual([
      ['5200000', '0.3'],
      ['5300000', '0.5'],
    ]);
    expect(lastTradePrice(book)).toBe('5150000');
  });

  it('applies a delta with the next seq: changed levels replace, new ones slot in, quantity 0 removes', () => {
    const update = applyBookMessage(
      snapshot(),
      message({
        seq: 11,
        bids: [
          ['5100000.00', '0'],
          ['5150000', '0.4'],
        ],
        asks: [['5200000', '0.25']],
        trades: [trade('t2', '5200000'), trade('t3', '5199000', 'sell')],
      }),
    );
    expect(update.kind).toBe('applied');
    expect(update.state.seq).toBe(11);
    // '5100000.00' is the level '5100000': the same value, written with places.
    expect(update.state.bids).toEqual([
      ['5150000', '0.4'],
      ['5000000', '0.2'],
    ]);
    expect(update.state.asks).toEqual([
      ['5200000', '0.25'],
      ['5300000', '0.5'],
    ]);
    expect(update.state.trades.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(lastTradePrice(update.state)).toBe('5199000');
  });

  it('reports a gap when a seq is skipped and keeps the last levels until a new snapshot', () => {
    const book = snapshot();
    const gap = applyBookMessage(book, message({ seq: 12, asks: [['5200000', '0']] }));
    expect(gap.kind).toBe('gap');
    expect(gap.state.synced).toBe(false);
    expect(gap.state.asks).toEqual(book.asks);
    // Deltas after the gap are refused too, until the snapshot the resubscribe brings.
    expect(applyBookMessage(gap.state, message({ seq: 13 })).kind).toBe('gap');
    const again = applyBookMessage(
      gap.state,
      message({ seq: 20, snapshot: true, asks: [['5250000', '1']] }),
    );
    expect(again.kind).toBe('applied');
    expect(again.state).toMatchObject({ seq: 20, synced: true, asks: [['5250000', '1']] });
  });

  it('treats a delta before any snapshot as a gap, and ignores repeats and other markets', () => {
    expect(applyBookMessage(emptyBook('BTC-INR'), message({ seq: 1 })).kind).toBe('gap');
    const book = snapshot();
    expect(applyBookMessage(book, message({ seq: 10 })).kind).toBe('ignored');
    expect(applyBookMessage(book, message({ seq: 11, market: 'ETH-INR' })).kind).toBe('ignored');
  });

  it('starts from the REST book but waits for the socket snapshot before taking deltas', () => {
    const book = bookFromResponse({
      market: 'BTC-INR',
      seq: 5,
      bids: [['1', '2']],
      asks: [],
      trades: [],
    });
    expect(book.bids).toEqual([['1', '2']]);
    expect(applyBookMessage(book, message({ seq: 6 })).kind).toBe('gap');
  });

  it('keeps only the most recent trades', () => {
    let book = snapshot();
    for (let i = 0; i < 40; i += 1) {
      book = applyBookMessage(
        book,
        message({ seq: (book.seq ?? 0) + 1, trades: [trade(`n${i}`, '5200000')] }),
      ).state;
    }
    expect(book.trades).toHaveLength(30);
    expect(book.trades.at(-1)?.id).toBe('n39');
  });
});
