import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDelta,
  diffViews,
  formatView,
  type BookView,
  type UnitLevel,
  type UnitView,
} from '../src/spot/book-view.ts';

describe('spot book view deltas (what every instance applies to its copy)', () => {
  const market = { tickSize: '0.01', lotSize: '0.01' };

  it('a delta applied to the previous view gives the next one exactly, sorted best first', () => {
    const prev: UnitView = {
      bids: [
        [9000, 100],
        [8950, 200],
        [999, 300],
      ],
      asks: [
        [9050, 100],
        [10000, 400],
      ],
    };
    const next: UnitView = {
      bids: [
        [9010, 50],
        [9000, 100],
        [999, 500],
      ],
      asks: [[10000, 400]],
    };
    const delta = diffViews(prev, next, market);
    // Unchanged levels are not sent; gone ones are sent with quantity '0'.
    expect(delta.bids).toEqual([
      ['90.10', '0.50'],
      ['9.99', '5.00'],
      ['89.50', '0'],
    ]);
    expect(delta.asks).toEqual([['90.50', '0']]);
    expect(formatView(next, market)).toEqual({
      bids: [
        ['90.10', '0.50'],
        ['90.00', '1.00'],
        ['9.99', '5.00'],
      ],
      asks: [['100.00', '4.00']],
    });
    expect(applyDelta(formatView(prev, market), delta)).toEqual(formatView(next, market));
  });

  it('random books: every delta, applied to the copy before it, gives the engine’s view', () => {
    // A side: up to 7 distinct prices a few ticks from the best, sorted best first.
    const side = (best: number, dir: 1 | -1) =>
      fc
        .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 900 })), {
          maxLength: 7,
          selector: ([offset]) => offset,
        })
        .map((levels) =>
          levels
            .map(([offset, lots]): UnitLevel => [best + dir * offset, lots])
            .sort((x, y) => (x[0] - y[0]) * dir),
        );
    const views = fc.array(fc.record({ bids: side(9000, -1), asks: side(9001, 1) }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(views, (sequence) => {
        let prev: UnitView = { bids: [], asks: [] };
        let copy: BookView = { bids: [], asks: [] };
        for (const next of sequence) {
          copy = applyDelta(copy, diffViews(prev, next, market));
          expect(copy).toEqual(formatView(next, market));
          prev = next;
        }
      }),
      { numRuns: 300 },
    );
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
