import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathReturningTo, safeReturnPath } from './return-path.ts';

describe('the page to return to after signing in', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnPath('/trade')).toBe('/trade');
    expect(safeReturnPath('/watchlist')).toBe('/watchlist');
    expect(safeReturnPath('/trade?coin=BTC#book')).toBe('/trade?coin=BTC#book');
    expect(safeReturnPath('/dashboard/wallet/inr-deposit')).toBe('/dashboard/wallet/inr-deposit');
  });

  it.each([
    '//evil.com',
    '//evil.com/trade',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com',
    'http://evil.com/trade',
    'HTTPS://evil.com',
    'javascript:alert(1)',
    'evil.com',
    'trade',
    '/\tevil.com',
    '/\n/evil.com',
    ' /trade',
    '',
    '/login',
    '/signup',
    '/forgot-password',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('reads ?next= from /login, falling back to the dashboard', () => {
    expect(afterSignInPath('?next=%2Ftrade')).toBe('/trade');
    expect(afterSignInPath('?next=%2F%2Fevil.com')).toBe('/dashboard');
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.com')).toBe('/dashboard');
    expect(afterSignInPath('?next=%2F%5Cevil.com')).toBe('/dashboard');
    expect(afterSignInPath('')).toBe('/dashboard');
  });

  it('builds /login?next= for a turned-away guest, plain /login for the dashboard', () => {
    expect(loginPathReturningTo('/watchlist')).toBe('/login?next=%2Fwatchlist');
    expect(loginPathReturningTo('/trade?coin=ETH')).toBe('/login?next=%2Ftrade%3Fcoin%3DETH');
    expect(loginPathReturningTo('/dashboard')).toBe('/login');
    expect(loginPathReturningTo('//evil.com')).toBe('/login');
  });
});
