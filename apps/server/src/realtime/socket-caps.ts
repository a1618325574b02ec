/** A socket's place under the caps, given back once when its connection closes. */
export type SocketPlace =
  { ok: true; release: () => void } | { ok: false; limit: 'user' | 'source' };

/**
 * How many WebSockets one signed-in user and one client address hold on this instance
 * (ADR 040): WS_MAX_PER_USER and WS_MAX_PER_IP. A handshake takes its place before the
 * upgrade, in the same synchronous step as the check, so handshakes arriving together cannot
 * all slip under a cap; the place is given back when the connection closes, however it
 * closes (a close frame, an error, a terminate, a handshake that never completed).
 */
export class SocketCaps {
  private readonly users = new Map<string, number>();
  private readonly sources = new Map<string, number>();
  /** Handshakes refused, by the cap that refused them (tests, logs). */
  readonly refused = { user: 0, source: 0 };

  constructor(
    private readonly maxPerUser: number,
    private readonly maxPerSource: number,
  ) {}

  /**
   * A place for a new socket of `userId` (null when signed out) from `source` (the client's
   * address as the login throttle keys it: an IPv6 address cut to its /64), or the cap it
   * would pass. Signed-in sockets count against both caps.
   */
  take(userId: string | null, source: string): SocketPlace {
    if (userId !== null && this.ofUser(userId) >= this.maxPerUser) {
      this.refused.user += 1;
      return { ok: false, limit: 'user' };
    }
    if (this.ofSource(source) >= this.maxPerSource) {
      this.refused.source += 1;
      return { ok: false, limit: 'source' };
    }
    this.sources.set(source, this.ofSource(source) + 1);
    if (userId !== null) this.users.set(userId, this.ofUser(userId) + 1);
    let held = true;
    return {
      ok: true,
      release: () => {
        if (!held) return;
        held = false;
        drop(this.sources, source);
        if (userId !== null) drop(this.users, userId);
      },
    };
  }

  /** Places held by this user's sockets (open, or still in their handshake). */
  ofUser(userId: string): number {
    return this.users.get(userId) ?? 0;
  }

  /** Places held by sockets from this source. */
  ofSource(source: string): number {
    return this.sources.get(source) ?? 0;
  }
}

function drop(counts: Map<string, number>, key: string): void {
  const n = (counts.get(key) ?? 0) - 1;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
