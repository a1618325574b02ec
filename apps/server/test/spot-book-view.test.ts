import { describe, expect, it } from 'vitest';
import { applyDelta, diffViews, type BookView } from '../src/spot/book-view.ts';

describe('spot book view deltas (what every instance applies to its copy)', () => {
  it('a delta applied to the previous view gives the next one exactly, sorted best first', () => {
    const prev: BookView = {
      bids: [
        ['90.00', '1.00'],
        ['89.50', '2.00'],
        ['9.99', '3.00'],
      ],
      asks: [
        ['90.50', '1.00'],
        ['100.00', '4.00'],
      ],
    };
    const next: BookView = {
      bids: [
        ['90.10', '0.50'],
        ['90.00', '1.00'],
        ['9.99', '5.00'],
      ],
      asks: [['100.00', '4.00']],
    };
    const delta = diffViews(prev, next);
    // Unchanged levels are not sent; gone ones are sent with quantity '0'.
    expect(delta.bids).toEqual([
      ['90.10', '0.50'],
      ['9.99', '5.00'],
      ['89.50', '0'],
    ]);
    expect(delta.asks).toEqual([['90.50', '0']]);
    expect(applyDelta(prev, delta)).toEqual(next);
  });

  it('orders prices by value, not by text ("100" above "99.5"), and removes "0.00"', () => {
    const view = applyDelta(
      { bids: [], asks: [] },
      {
        bids: [
          ['99.5', '1'],
          ['100', '1'],
        ],
        asks: [
          ['100', '1'],
          ['99.5', '1'],
        ],
      },
    );
    expect(view.bids.map(([p]) => p)).toEqual(['100', '99.5']);
    expect(view.asks.map(([p]) => p)).toEqual(['99.5', '100']);
    expect(applyDelta(view, { bids: [['100', '0.00']], asks: [] }).bids).toEqual([['99.5', '1']]);
  });
});
