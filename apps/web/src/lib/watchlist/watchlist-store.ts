import { WATCHLIST_STORAGE_KEY } from '@sikka/contracts';

/**
 * The watchlist (PRODUCT.md §3, §4): coin ids in localStorage under 'watchlist', loaded at
 * start (empty when absent or unreadable), saved on every change. Adding an id already there
 * does nothing; removing filters it out. One store for the whole page, so every star and the
 * watchlist page agree; other tabs' changes arrive by the 'storage' event.
 */

type Listener = () => void;

/** Ids from stored text; anything that is not a JSON array of strings counts as empty. */
export function parseWatchlist(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is string => typeof id === 'string'))];
  } catch {
    return [];
  }
}

export function addId(list: readonly string[], id: string): readonly string[] {
  return list.includes(id) ? list : [...list, id];
}

export function removeId(list: readonly string[], id: string): readonly string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : list;
}

export interface WatchlistStore {
  getIds(): readonly string[];
  subscribe(listener: Listener): () => void;
  add(id: string): void;
  remove(id: string): void;
  toggle(id: string): void;
  /** The whole list at once (the signed-in user's, from the server), repeats dropped. */
  replace(ids: readonly string[]): void;
  /**
   * Whether this browser's list changed since the server last took it (add, remove and
   * toggle set it; `markSaved` clears it). Kept with the list, so it survives a reload.
   */
  isUnsaved(): boolean;
  markSaved(): void;
}

/** Beside the list: set while this browser has changes the server has not confirmed. */
export const WATCHLIST_UNSAVED_KEY = 'watchlist-unsaved';

/** `first`, then what `second` adds, each id once: the sign-in merge of two lists. */
export function unionIds(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}

export function createWatchlistStore(storage: Storage | null): WatchlistStore {
  const read = (): readonly string[] => {
    try {
      return parseWatchlist(storage?.getItem(WATCHLIST_STORAGE_KEY) ?? null);
    } catch {
      return []; // storage blocked (privacy settings): an empty list for this page
    }
  };
  let ids = read();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  const save = (next: readonly string[]) => {
    if (next === ids) return;
    ids = next;
    try {
      storage?.setItem(WATCHLIST_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Full or blocked storage: the list still works until the page is left.
    }
    emit();
  };

  /** A change the user made here: saved, and marked for the server until it confirms. */
  const change = (next: readonly string[]) => {
    if (next === ids) return;
    try {
      storage?.setItem(WATCHLIST_UNSAVED_KEY, '1');
    } catch {
      // Full or blocked storage: the server still gets the change while the page is open.
    }
    save(next);
  };

  // Another tab saved the list: take it over.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== WATCHLIST_STORAGE_KEY && event.key !== null) return;
    const next = read();
    if (next.join('\n') === ids.join('\n')) return;
    ids = next;
    emit();
  };

  return {
    getIds: () => ids,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') {
        window.addEventListener('storage', onStorage);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
    add: (id) => change(addId(ids, id)),
    remove: (id) => change(removeId(ids, id)),
    toggle: (id) => change(ids.includes(id) ? removeId(ids, id) : addId(ids, id)),
    isUnsaved: () => {
      try {
        return storage?.getItem(WATCHLIST_UNSAVED_KEY) === '1';
      } catch {
        return false;
      }
    },
    markSaved: () => {
      try {
        storage?.removeItem(WATCHLIST_UNSAVED_KEY);
      } catch {
        // Blocked storage: nothing was kept to clear.
      }
    },
    replace: (next) => {
      const unique = [...new Set(next)];
      if (unique.join('\n') !== ids.join('\n')) save(unique);
    },
  };
}
