import { describe, expect, it } from 'vitest';
import { badgeText } from './notifications-bell.tsx';

describe('the bell badge', () => {
  it('counts up to nine, then says 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});
