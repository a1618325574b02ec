import { describe, expect, it } from 'vitest';
import { WATCHLIST_MAX } from '@sikka/contracts';
import { createWatchlistStore, unionIds } from './watchlist-store.ts';
import { sendable, syncChoice, syncedIds } from './watchlist-sync.ts';

describe('the watchlist across devices', () => {
  it('merges on sign-in as a union: the server list first, then what this browser adds, no repeats', () => {
    expect(unionIds(['BTCINR', 'ETHINR'], ['ETHINR', 'SOLINR', 'BTCINR'])).toEqual([
      'BTCINR',
      'ETHINR',
      'SOLINR',
    ]);
    expect(unionIds([], ['DOGEINR', 'DOGEINR'])).toEqual(['DOGEINR']);
  });

  it('merges when the user signs in on this page; else keeps unconfirmed changes, or the server list', () => {
    expect(syncChoice('signedOut', false)).toBe('union');
    expect(syncChoice('signedOut', true)).toBe('union');
    expect(syncChoice('loading', true)).toBe('local');
    expect(syncChoice('loading', false)).toBe('server');
    const server = ['BTCINR', 'ETHINR'];
    const local = ['SOLINR', 'BTCINR'];
    expect(syncedIds('union', server, local)).toEqual(['BTCINR', 'ETHINR', 'SOLINR']);
    expect(syncedIds('local', server, local)).toEqual(local);
    expect(syncedIds('server', server, local)).toEqual(server);
  });

  it('marks a user change unsaved until the server confirms it; a replace from the server does not', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    } as unknown as Storage;
    const store = createWatchlistStore(storage);
    store.replace(['BTCINR']);
    expect(store.isUnsaved()).toBe(false);
    store.add('ETHINR');
    expect(store.isUnsaved()).toBe(true);
    // A reload keeps the mark with the list.
    expect(createWatchlistStore(storage).isUnsaved()).toBe(true);
    store.markSaved();
    expect(store.isUnsaved()).toBe(false);
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
