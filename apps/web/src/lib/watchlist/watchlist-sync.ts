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
 * Whether a signed-in page should take the server's list as it is (`false`) or merge it with
 * the browser's (`true`): merged only when the user signs in on this page, so coins picked
 * as a guest are kept; a page opened already signed in trusts the server, so a coin removed
 * on another device does not come back from this browser's older copy.
 */
export const mergesOnSignIn = (before: string) => before === 'signedOut';

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
        await save(store.getIds()).catch(() => undefined);
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
        const next = mergesOnSignIn(previous) ? unionIds(server.ids, store.getIds()) : server.ids;
        store.replace(next);
        if (next.join('\n') !== server.ids.join('\n')) await save(next).catch(() => undefined);
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
