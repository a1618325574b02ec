import { describe, expect, it } from 'vitest';
import { lastTdsQuarters } from './tds-quarters.ts';

describe('lastTdsQuarters', () => {
  it('counts back across a year from the IST quarter', () => {
    // 2026-03-31T19:00Z is already 1 April in India: Q2.
    const qs = lastTdsQuarters(4, new Date('2026-03-31T19:00:00Z')).map((q) => q.value);
    expect(qs).toEqual(['2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3']);
  });

  it('labels the months', () => {
    expect(lastTdsQuarters(1, new Date('2026-08-10T00:00:00Z'))[0]?.label).toBe(
      'Jul–Sep 2026 (Q3)',
    );
  });
});
