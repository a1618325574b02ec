import { describe, expect, it } from 'vitest';
import { activeBottomBarKey, bottomBarLinks, headerLinks } from './nav-links.ts';

const labels = (user: Parameters<typeof headerLinks>[0]) => headerLinks(user).map((l) => l.label);

describe('headerLinks', () => {
  it('gives guests the public pages only', () => {
    expect(headerLinks(null)).toEqual([
      { to: '/markets', label: 'Markets' },
      { to: '/trade', label: 'Exchange' },
      { to: '/quick-buy', label: 'Quick Trade' },
    ]);
  });

  it('adds Dashboard for users, Watchlist only when KYC is verified', () => {
    expect(labels({ role: 'user', kycStatus: 'pending' })).toEqual([
      'Markets',
      'Exchange',
      'Quick Trade',
      'Dashboard',
    ]);
    expect(labels({ role: 'user', kycStatus: 'submitted' })).not.toContain('Watchlist');
    expect(labels({ role: 'user', kycStatus: 'rejected' })).not.toContain('Watchlist');
    expect(labels({ role: 'user', kycStatus: 'verified' })).toContain('Watchlist');
  });

  it('adds Admin by role, never otherwise', () => {
    expect(labels({ role: 'admin', kycStatus: 'pending' }).at(-1)).toBe('Admin');
    expect(labels({ role: 'user', kycStatus: 'verified' })).not.toContain('Admin');
  });
});

describe('bottom bar', () => {
  it('has the five destinations of the spec, in order', () => {
    expect(bottomBarLinks.map((l) => [l.label, l.to])).toEqual([
      ['Profile', '/dashboard'],
      ['Markets', '/markets'],
      ['Trade', '/trade'],
      ['Quick Buy', '/quick-buy'],
      ['Wallet', '/dashboard/wallet/inr-deposit'],
    ]);
  });

  it('marks Wallet for wallet pages and Profile for the rest of the dashboard', () => {
    expect(activeBottomBarKey('/dashboard/wallet/crypto-deposit')).toBe('wallet');
    expect(activeBottomBarKey('/dashboard')).toBe('profile');
    expect(activeBottomBarKey('/dashboard/quick-history')).toBe('profile');
    expect(activeBottomBarKey('/markets')).toBe('markets');
    expect(activeBottomBarKey('/trade')).toBe('trade');
    expect(activeBottomBarKey('/quick-buy')).toBe('quickBuy');
    expect(activeBottomBarKey('/dashboards')).toBeUndefined();
    expect(activeBottomBarKey('/')).toBeUndefined();
  });
});
