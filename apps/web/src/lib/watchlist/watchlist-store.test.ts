import { describe, expect, it } from 'vitest';
import { WATCHLIST_STORAGE_KEY } from '@sikka/contracts';
import { createWatchlistStore, parseWatchlist } from './watchlist-store.ts';

/** A Map-backed localStorage. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('watchlist storage', () => {
  it("uses the key 'watchlist'", () => {
    expect(WATCHLIST_STORAGE_KEY).toBe('watchlist');
  });

  it('loads the saved ids at start, and an empty list when absent or corrupt', () => {
    expect(
      createWatchlistStore(memoryStorage({ watchlist: '["BTCINR","ETHINR"]' })).getIds(),
    ).toEqual(['BTCINR', 'ETHINR']);
    expect(createWatchlistStore(memoryStorage()).getIds()).toEqual([]);
    expect(createWatchlistStore(memoryStorage({ watchlist: '{not json' })).getIds()).toEqual([]);
    expect(createWatchlistStore(memoryStorage({ watchlist: '{"a":1}' })).getIds()).toEqual([]);
    expect(parseWatchlist('["BTCINR",3,null,"BTCINR"]')).toEqual(['BTCINR']);
    expect(createWatchlistStore(null).getIds()).toEqual([]);
  });

  it('saves on every change; adding an id already present does nothing; removing filters it out', () => {
    const storage = memoryStorage();
    const store = createWatchlistStore(storage);
    let notified = 0;
    store.subscribe(() => (notified += 1));

    store.add('BTCINR');
    store.add('ETHINR');
    expect(storage.getItem('watchlist')).toBe('["BTCINR","ETHINR"]');
    expect(notified).toBe(2);

    const before = store.getIds();
    store.add('BTCINR');
    expect(store.getIds()).toBe(before);
    expect(notified).toBe(2);

    store.remove('BTCINR');
    expect(store.getIds()).toEqual(['ETHINR']);
    expect(storage.getItem('watchlist')).toBe('["ETHINR"]');
    store.remove('DOGEINR');
    expect(notified).toBe(3);

    store.toggle('SOLINR');
    store.toggle('ETHINR');
    expect(JSON.parse(storage.getItem('watchlist') ?? '')).toEqual(['SOLINR']);
  });

  it('keeps working when storage refuses to save', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = createWatchlistStore(storage);
    store.add('BTCINR');
    expect(store.getIds()).toEqual(['BTCINR']);
  });
});
