import { describe, expect, it } from 'vitest';
import { KnownSessions } from '../src/spot/known-sessions.ts';

describe('the order route’s known sessions', () => {
  it('knows a session for its time only, and forgets one on demand', () => {
    const known = new KnownSessions(60_000, 10);
    known.remember('a', 1_000);
    expect(known.has('a', 60_999)).toBe(true);
    expect(known.has('a', 61_000)).toBe(false);
    expect(known.has('a', 2_000), 'an expired entry is gone').toBe(false);
    known.remember('b', 0);
    known.forget('b');
    expect(known.has('b', 1)).toBe(false);
  });

  it('keeps at most its bound, dropping the longest unseen first', () => {
    const known = new KnownSessions(60_000, 3);
    for (const [i, h] of ['a', 'b', 'c'].entries()) known.remember(h, i);
    known.remember('a', 10); // seen again: now the newest
    known.remember('d', 11);
    expect(['a', 'b', 'c', 'd'].filter((h) => known.has(h, 12))).toEqual(['a', 'c', 'd']);
  });
});
