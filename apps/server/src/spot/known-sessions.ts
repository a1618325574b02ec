/**
 * Sessions (by token hash) that were valid a moment ago, so the order route sends a market's
 * writer only requests that are likely signed in. The writer's batch still decides (ADR 029):
 * a session revoked meanwhile is refused there. A hash not known here costs the route one
 * session read first, as on every other signed-in route, and a dead one is answered 401 without
 * reaching the writer, or another instance's inbox.
 */
export class KnownSessions {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  has(tokenHash: string, now: number): boolean {
    const at = this.seen.get(tokenHash);
    if (at === undefined) return false;
    if (now - at < this.ttlMs) return true;
    this.seen.delete(tokenHash);
    return false;
  }

  remember(tokenHash: string, now: number): void {
    this.seen.delete(tokenHash);
    this.seen.set(tokenHash, now);
    // Oldest first in a Map's order: the bound holds whatever the traffic.
    while (this.seen.size > this.max) {
      const oldest = this.seen.keys().next().value as string;
      this.seen.delete(oldest);
    }
  }

  forget(tokenHash: string): void {
    this.seen.delete(tokenHash);
  }
}
