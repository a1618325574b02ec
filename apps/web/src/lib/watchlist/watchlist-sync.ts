import { useEffect, useRef } from 'react';
import {
  WATCHLIST_MAX,
  watchlistIdSchema,
  watchlistResponseSchema,
  type WatchlistResponse,
} from '@sikka/contracts';
import { api } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { getStore } from './use-watchlist.ts';
import { unionIds, type WatchlistStore } from './watchlist-store.ts';

/** What the server takes: INR market codes only, at most WATCHLIST_MAX (older lists may hold others). */
export function sendable(ids: readonly string[]): string[] {
  return ids.filter((id) => watchlistIdSchema.safeParse(id).success).slice(0, WATCHLIST_MAX);
}

/**
 * Which list a signed-in page keeps once it has the server's:
 * - 'union' when the user signs in on this page: the coins picked as a guest are kept;
 * - 'local' when this browser has changes the server never confirmed (made offline, or just
 *   before a reload cut their request short): they are the newest;
 * - 'server' otherwise, so a coin removed on another device does not come back from this
 *   browser's older copy.
 */
export function syncChoice(before: string, unsaved: boolean): 'union' | 'local' | 'server' {
  if (before === 'signedOut') return 'union';
  return unsaved ? 'local' : 'server';
}

/** The list a signed-in page keeps, by `syncChoice`. */
export function syncedIds(
  choice: ReturnType<typeof syncChoice>,
  server: readonly string[],
  local: readonly string[],
): readonly string[] {
  if (choice === 'union') return unionIds(server, local);
  return choice === 'local' ? local : server;
}

const save = (ids: readonly string[]) =>
  api.put<WatchlistResponse>('/api/me/watchlist', { ids: sendable(ids) });

/** Saves the store's list after each change, one request at a time, the latest list last. */
function followChanges(store: WatchlistStore): () => void {
  let busy = false;
  let again = false;
  let stopped = false;
  const flush = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const saved = await save(store.getIds()).then(
          () => true,
          () => false,
        );
        // Confirmed and nothing newer waiting: the browser's list is the server's again.
        if (saved && !again) store.markSaved();
      } while (again && !stopped);
    } finally {
      busy = false;
    }
  };
  const unsubscribe = store.subscribe(() => void flush());
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Keeps a signed-in user's watchlist on the server (GET/PUT /api/me/watchlist) so it follows
 * them to another device; guests keep PRODUCT.md's localStorage list only. Mounted once.
 */
export function WatchlistSync() {
  const { status, user } = useAuth();
  const before = useRef<string>(status);
  const userId = user?.id;
  useEffect(() => {
    const previous = before.current;
    before.current = status;
    if (status !== 'signedIn' || !userId) return;
    const store = getStore();
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const server = await api.get('/api/me/watchlist', { schema: watchlistResponseSchema });
        if (cancelled) return;
        const choice = syncChoice(previous, store.isUnsaved());
        const next = syncedIds(choice, server.ids, store.getIds());
        store.replace(next);
        if (next.join('\n') === server.ids.join('\n')) store.markSaved();
        else
          await save(next).then(
            () => store.markSaved(),
            () => undefined,
          );
      } catch {
        // Offline or refused: the browser's list stays; the next change tries the server again.
      }
      if (!cancelled) stop = followChanges(store);
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [status, userId]);
  return null;
}
