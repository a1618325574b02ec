import { describe, expect, it } from 'vitest';
import { WS_RECONNECT_BACKOFF_MS } from '@sikka/contracts';
import { reconnectDelay, RECONNECT_JITTER } from './backoff.ts';

describe('reconnectDelay', () => {
  it('follows 1, 2, 5, 10 s and then stays at 10 s', () => {
    const middle = () => 0.5; // no jitter
    expect([0, 1, 2, 3, 4, 5, 50].map((a) => reconnectDelay(a, middle))).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(WS_RECONNECT_BACKOFF_MS).toEqual([1000, 2000, 5000, 10_000]);
  });

  it('stays within the jitter bounds at both ends of random()', () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const base = WS_RECONNECT_BACKOFF_MS[Math.min(attempt, 3)]!;
      const low = reconnectDelay(attempt, () => 0);
      const high = reconnectDelay(attempt, () => 0.999999);
      expect(low).toBe(Math.round(base * (1 - RECONNECT_JITTER)));
      expect(high).toBeLessThanOrEqual(base * (1 + RECONNECT_JITTER));
      expect(high).toBeGreaterThan(base * (1 + RECONNECT_JITTER) - 1);
    }
  });

  it('spreads real random delays over the band, never outside it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const d = reconnectDelay(2);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(6000);
      seen.add(Math.floor(d / 100));
    }
    // Jitter at all: 500 draws land in many different 100 ms buckets.
    expect(seen.size).toBeGreaterThan(10);
  });

  it('treats odd attempts as the nearest step', () => {
    const middle = () => 0.5;
    expect(reconnectDelay(-3, middle)).toBe(1000);
    expect(reconnectDelay(1.7, middle)).toBe(2000);
  });
});
