import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date.ts';

describe('formatDateTime', () => {
  it("gives a moment in India's time, named, whatever the browser's zone", () => {
    // 05:44 UTC is 11:14 IST (UTC+5:30); just before midnight UTC is the next day in India.
    expect(formatDateTime('2026-11-28T05:44:09Z')).toBe('28 Nov 2026, 11:14 AM IST');
    expect(formatDateTime('2026-11-28T05:44:09Z', { seconds: true })).toBe(
      '28 Nov 2026, 11:14:09 AM IST',
    );
    expect(formatDateTime('2026-11-27T19:00:00Z')).toBe('28 Nov 2026, 12:30 AM IST');
    expect(formatDateTime('2026-11-28T08:00:00Z')).toBe('28 Nov 2026, 01:30 PM IST');
  });

  it('says N/A for what is not a time', () => {
    expect(formatDateTime('not a time')).toBe('N/A');
  });
});
