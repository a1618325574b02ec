import { describe, expect, it } from 'vitest';
import { greetingFor, NEW_ACCOUNT_MS } from './greeting.ts';

describe('greetingFor', () => {
  const created = '2026-11-29T03:00:00.000Z';
  const at = (ms: number) => Date.parse(created) + ms;

  it('welcomes a new account to Sikka for its first hour', () => {
    expect(greetingFor(created, at(0))).toBe('Welcome to Sikka,');
    expect(greetingFor(created, at(NEW_ACCOUNT_MS - 1))).toBe('Welcome to Sikka,');
  });

  it('welcomes an older account back', () => {
    expect(greetingFor(created, at(NEW_ACCOUNT_MS))).toBe('Welcome back,');
    expect(greetingFor(created, at(3 * 24 * NEW_ACCOUNT_MS))).toBe('Welcome back,');
  });

  it('treats a date it cannot read as an older account', () => {
    expect(greetingFor('not a date', at(0))).toBe('Welcome back,');
  });
});
