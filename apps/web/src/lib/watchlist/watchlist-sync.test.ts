import { describe, expect, it } from 'vitest';
import { WATCHLIST_MAX } from '@sikka/contracts';
import { createWatchlistStore, unionIds } from './watchlist-store.ts';
import { mergesOnSignIn, sendable } from './watchlist-sync.ts';

describe('the watchlist across devices', () => {
  it('merges on sign-in as a union: the server list first, then what this browser adds, no repeats', () => {
    expect(unionIds(['BTCINR', 'ETHINR'], ['ETHINR', 'SOLINR', 'BTCINR'])).toEqual([
      'BTCINR',
      'ETHINR',
      'SOLINR',
    ]);
    expect(unionIds([], ['DOGEINR', 'DOGEINR'])).toEqual(['DOGEINR']);
  });

  it('merges only when the user signs in on this page; a page opened signed in takes the server list', () => {
    expect(mergesOnSignIn('signedOut')).toBe(true);
    expect(mergesOnSignIn('loading')).toBe(false);
    expect(mergesOnSignIn('signedIn')).toBe(false);
  });

  it('sends the server only INR market codes, at most WATCHLIST_MAX', () => {
    expect(sendable(['BTCINR', 'btc', 'ETHUSDT', 'SOLINR'])).toEqual(['BTCINR', 'SOLINR']);
    const many = Array.from({ length: WATCHLIST_MAX + 5 }, (_, i) => `C${i}INR`);
    expect(sendable(many)).toHaveLength(WATCHLIST_MAX);
  });

  it('replaces the whole list at once, telling subscribers only of a real change', () => {
    const store = createWatchlistStore(null);
    let told = 0;
    store.subscribe(() => (told += 1));
    store.replace(['BTCINR', 'ETHINR', 'BTCINR']);
    expect(store.getIds()).toEqual(['BTCINR', 'ETHINR']);
    store.replace(['BTCINR', 'ETHINR']);
    expect(told).toBe(1);
  });
});
