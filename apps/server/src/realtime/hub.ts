import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import {
  clientMessageSchema,
  WS_CLOSE_SERVER_SHUTDOWN,
  WS_CLOSE_SESSION_ENDED,
  type BalanceMessage,
  type CryptoActivityMessage,
  type NotificationMessage,
  type SpotOrdersMessage,
  type HeartbeatMessage,
  type TickersMessage,
} from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import type { MarketFeed, MarketTick } from '../market/feed.ts';
import { isUuid } from '../db/query-helpers.ts';
import { getBalances } from '../money/balances.ts';
import type { SpotBookFeed } from '../spot/book-feed.ts';
import { BroadcastFrame } from './broadcast-frame.ts';
import { SessionWatch, type SignalMessage } from './session-watch.ts';
import { SocketCaps } from './socket-caps.ts';

/** A socket with more than this queued is slow: it skips deltas and gets a snapshot later. */
export const SLOW_SOCKET_BYTES = 512 * 1024;
/** Balance notifications for one user within this window are sent once. */
const BALANCE_COALESCE_MS = 25;
/** Balances loaded at once while flushing, to keep the pool free for requests. */
const BALANCE_BATCH = 20;

interface Client {
  ws: WebSocket;
  userId: string | null;
  /** SHA-256 of the session token the socket was opened with. */
  tokenHash: string | null;
  /** Answered the last ping. */
  alive: boolean;
  /** Missed a delta (was slow): gets a full snapshot instead of the next delta. */
  stale: boolean;
  /** The spot market whose book this socket follows (one at a time), and whether it missed a delta. */
  spotMarket: string | null;
  spotStale: boolean;
}

export interface SocketUser {
  id: string;
  tokenHash: string;
}

export interface RealtimeHubOptions {
  db: Db;
  market: MarketFeed;
  clock: () => Date;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  /** The periodic re-check of every socket's session, the backstop of `session_ended`. */
  sessionCheckMs: number;
  /** Sockets one signed-in user, and one client address, may hold on this instance (ADR 040). */
  maxPerUser: number;
  maxPerSource: number;
}

const text = { binary: false } as const;

/**
 * The WebSocket fan-out (DESIGN.md §5). Each tick is serialised once into one buffer that is
 * written to every socket; a snapshot is serialised at most once per tick, however many
 * sockets connect. Balance events arrive by LISTEN/NOTIFY (so any instance's or an admin's
 * change reaches the user) and go only to that user's sockets on this instance.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<string, Set<Client>>();
  private snapshotFrame: Buffer | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private sessionTimer: NodeJS.Timeout | null = null;
  private pendingBalances = new Set<string>();
  private balanceTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  private spot: SpotBookFeed | null = null;
  private readonly bySpotMarket = new Map<string, Set<Client>>();
  /** Counters for tests, benchmarks and logs. */
  readonly stats = {
    ticksSerialised: 0,
    deltasSent: 0,
    snapshotsSent: 0,
    slowSkips: 0,
    balancesSent: 0,
    cryptoActivitySent: 0,
    deadTerminated: 0,
    sessionsEnded: 0,
    spotFramesSent: 0,
  };

  /** The caps on sockets per user and per address; the plugin takes a place per handshake. */
  readonly caps: SocketCaps;
  /** Which signed-in sockets' sessions still exist (ADR 040). */
  readonly sessions: SessionWatch<Client>;

  constructor(private readonly options: RealtimeHubOptions) {
    this.caps = new SocketCaps(options.maxPerUser, options.maxPerSource);
    this.sessions = new SessionWatch<Client>({
      db: options.db,
      clock: options.clock,
      log: options.log,
      sockets: (userId) =>
        userId === undefined ? [...this.clients] : [...(this.byUser.get(userId) ?? [])],
      isOpen: (c) => this.clients.has(c),
      end: (c) => {
        this.detach(c);
        c.ws.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
        this.stats.sessionsEnded += 1;
      },
      release: (userId, held) => {
        if (held.balance) this.onBalanceChanged(userId);
        for (const message of held.signals.values()) this.#signal(userId, message);
      },
    });
  }

  /** Open sockets on this instance. */
  get size(): number {
    return this.clients.size;
  }

  start(): void {
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    this.heartbeatTimer.unref();
    this.sessionTimer = setInterval(
      () => void this.sessions.checkAll(),
      this.options.sessionCheckMs,
    );
    this.sessionTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    if (this.balanceTimer) clearTimeout(this.balanceTimer);
    for (const c of this.clients) c.ws.close(WS_CLOSE_SERVER_SHUTDOWN, 'Server shutting down');
    this.clients.clear();
    this.byUser.clear();
    await this.sessions.stop();
    await this.flushing;
  }

  /** A new socket: full snapshot now, deltas from the next tick. */
  accept(ws: WebSocket, user: SocketUser | null): void {
    if (this.closed) {
      ws.close(WS_CLOSE_SERVER_SHUTDOWN, 'Server shutting down');
      return;
    }
    const client: Client = {
      ws,
      userId: user?.id ?? null,
      tokenHash: user?.tokenHash ?? null,
      alive: true,
      stale: false,
      spotMarket: null,
      spotStale: false,
    };
    this.clients.add(client);
    if (client.userId) {
      let set = this.byUser.get(client.userId);
      if (!set) this.byUser.set(client.userId, (set = new Set()));
      set.add(client);
      // Its session was read as the handshake began; one deleted since, whose notice may
      // have come before this socket was here to be judged, is caught now.
      this.sessions.recheckUser(client.userId);
    }
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => this.onMessage(client, data, isBinary));
    ws.on('close', () => this.detach(client));
    ws.on('error', () => this.detach(client));
    this.sendSnapshot(client);
  }

  /**
   * Sends what one poll changed to every socket, serialised once: the compact delta (live
   * fields of the coins that moved; new coins whole), or the snapshot when the list was
   * reordered and a delta could not say where coins go.
   */
  onTick(tick: MarketTick): void {
    const changed =
      tick.changed.length > 0 || tick.removed.length > 0 || tick.reordered || tick.errorChanged;
    if (!changed) return;
    this.snapshotFrame = null;
    if (this.clients.size === 0) return;
    // A reordered list goes to everyone as the snapshot (built once, cached); otherwise one
    // delta frame, serialised once, goes to every socket that is up to date.
    const frame = tick.reordered
      ? null
      : Buffer.from(
          JSON.stringify({
            type: 'tickers',
            updatedAt: tick.updatedAt,
            error: tick.error,
            c: tick.ticks,
            ...(tick.whole.length > 0 ? { coins: tick.whole } : {}),
            ...(tick.removed.length > 0 ? { removed: tick.removed } : {}),
          } satisfies TickersMessage),
        );
    this.stats.ticksSerialised += 1;
    for (const c of this.clients) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      if (c.ws.bufferedAmount > SLOW_SOCKET_BYTES) {
        // Queueing more would grow memory without bound; this socket catches up by snapshot.
        c.stale = true;
        this.stats.slowSkips += 1;
        continue;
      }
      if (c.stale || !frame) this.sendSnapshot(c);
      else {
        c.ws.send(frame, text);
        this.stats.deltasSent += 1;
      }
    }
  }

  /** A `balance_changed` notification (payload: user id), from any instance. */
  onBalanceChanged(payload: string): void {
    const userId = payload.trim().toLowerCase();
    if (!isUuid(userId) || !this.byUser.has(userId) || this.closed) return;
    this.pendingBalances.add(userId);
    if (!this.balanceTimer && !this.flushing) {
      this.balanceTimer = setTimeout(() => {
        this.balanceTimer = null;
        this.flushing = this.flushBalances().finally(() => {
          this.flushing = null;
        });
      }, BALANCE_COALESCE_MS);
    }
  }

  /**
   * A `crypto_activity` notification (payload: user id, migration 018): the user's chain
   * deposits or crypto withdrawals changed. The message carries nothing but its type; the
   * page loads what it shows again. NOTIFY already sends one per user per transaction.
   */
  onCryptoActivity(payload: string): void {
    this.#signal(payload, { type: 'cryptoActivity' } satisfies CryptoActivityMessage);
  }

  /** A `user_notice` notification (payload: user id, migration 020): a new in-app notice. */
  onUserNotice(payload: string): void {
    this.#signal(payload, { type: 'notification' } satisfies NotificationMessage);
  }

  /**
   * A `session_ended` notification (payload: user id, migration 039): a session of this user
   * was deleted, on any instance (logout, signing out others, a password reset or change, a
   * freeze, the expiry sweep). That user's sockets are re-checked at once (ADR 040).
   */
  onSessionEnded(payload: string): void {
    const userId = payload.trim().toLowerCase();
    if (!isUuid(userId) || !this.byUser.has(userId) || this.closed) return;
    this.sessions.recheckUser(userId);
  }

  /** Sends a payload-free message to every socket of the user named by a NOTIFY payload. */
  #signal(payload: string, message: SignalMessage): void {
    const userId = payload.trim().toLowerCase();
    if (!isUuid(userId) || this.closed) return;
    const set = this.byUser.get(userId);
    if (!set) return;
    const held = this.sessions.heldFor(userId);
    if (held) {
      held.signals.set(message.type, message);
      return;
    }
    const frame = Buffer.from(JSON.stringify(message));
    for (const c of set) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      c.ws.send(frame, text);
      if (message.type === 'cryptoActivity') this.stats.cryptoActivitySent += 1;
    }
  }

  /** A `spot_user` notification (payload: user ids, comma-separated): their spot orders changed. */
  onSpotUser(payload: string): void {
    for (const userId of payload.split(',')) {
      this.#signal(userId, { type: 'spotOrders' } satisfies SpotOrdersMessage);
    }
  }

  /** Book frames of the spot exchange (ADR 018) go to the sockets following that market. */
  attachSpot(feed: SpotBookFeed): void {
    this.spot = feed;
    feed.setAudience((market) => this.bySpotMarket.has(market));
    feed.on('frame', (market, frame, snapshot) => this.onSpotFrame(market, frame, snapshot));
  }

  /** Subscribers of one market (benchmarks, tests). */
  spotSubscribers(market: string): number {
    return this.bySpotMarket.get(market)?.size ?? 0;
  }

  private onSpotFrame(market: string, payload: Buffer, snapshot: boolean): void {
    const set = this.bySpotMarket.get(market);
    if (!set) return;
    const frame = new BroadcastFrame(payload);
    for (const c of set) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      if (c.ws.bufferedAmount > SLOW_SOCKET_BYTES) {
        // It misses this delta; its next frame is a snapshot, so its seq never skips.
        c.spotStale = true;
        this.stats.slowSkips += 1;
        continue;
      }
      if (c.spotStale && !snapshot) {
        this.sendSpotSnapshot(c, market);
        continue;
      }
      c.spotStale = false;
      frame.send(c.ws);
      this.stats.spotFramesSent += 1;
    }
  }

  private sendSpotSnapshot(c: Client, market: string): void {
    const frame = this.spot?.snapshotFrame(market);
    if (!frame || c.ws.readyState !== WebSocket.OPEN) return;
    c.spotStale = false;
    c.ws.send(frame, text);
    this.stats.spotFramesSent += 1;
  }

  private spotSubscribe(c: Client, market: string | null): void {
    if (c.spotMarket) {
      const set = this.bySpotMarket.get(c.spotMarket);
      set?.delete(c);
      if (set?.size === 0) this.bySpotMarket.delete(c.spotMarket);
    }
    c.spotMarket = null;
    if (market === null || !this.spot?.has(market)) return;
    c.spotMarket = market;
    let set = this.bySpotMarket.get(market);
    if (!set) this.bySpotMarket.set(market, (set = new Set()));
    set.add(c);
    this.sendSpotSnapshot(c, market);
  }

  /**
   * Re-sends every connected user's balances: after the LISTEN connection was lost and
   * restored (e.g. a PostgreSQL restart), changes made in between were never notified.
   */
  refreshAllBalances(): void {
    for (const userId of this.byUser.keys()) this.onBalanceChanged(userId);
  }

  /** Waits until session re-checks are done and queued balance events sent (tests). */
  async settled(): Promise<void> {
    while (this.sessions.busy || this.balanceTimer || this.flushing) {
      await this.sessions.settled();
      await (this.flushing ?? new Promise((r) => setTimeout(r, BALANCE_COALESCE_MS)));
    }
  }

  private async flushBalances(): Promise<void> {
    // Notifications that arrive while loading are picked up by the next round of the loop.
    while (this.pendingBalances.size > 0 && !this.closed) {
      const users = [...this.pendingBalances];
      this.pendingBalances.clear();
      for (let i = 0; i < users.length; i += BALANCE_BATCH) {
        await Promise.all(users.slice(i, i + BALANCE_BATCH).map((u) => this.sendBalance(u)));
      }
    }
  }

  private async sendBalance(userId: string): Promise<void> {
    if (!this.byUser.has(userId)) return;
    try {
      const balances = await getBalances(this.options.db, userId);
      const held = this.sessions.heldFor(userId);
      if (held) {
        // Read again and sent once the user's sockets are re-checked.
        held.balance = true;
        return;
      }
      const message: BalanceMessage = { type: 'balance', balances };
      const frame = Buffer.from(JSON.stringify(message));
      for (const c of this.byUser.get(userId) ?? []) {
        if (c.ws.readyState !== WebSocket.OPEN) continue;
        c.ws.send(frame, text);
        this.stats.balancesSent += 1;
      }
    } catch (err) {
      this.options.log.error({ err }, 'could not load balances for a balance event');
    }
  }

  private sendSnapshot(c: Client): void {
    if (c.ws.readyState !== WebSocket.OPEN) return;
    if (!this.snapshotFrame) {
      // The feed's snapshot JSON is already serialised; only the tag is added.
      const json = this.options.market.snapshotJson();
      this.snapshotFrame = Buffer.from(`{"type":"snapshot",${json.slice(1)}`);
    }
    c.stale = false;
    c.ws.send(this.snapshotFrame, text);
    this.stats.snapshotsSent += 1;
  }

  private onMessage(c: Client, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return; // not ours to answer; unknown input is ignored
    }
    const message = clientMessageSchema.safeParse(parsed);
    if (!message.success || c.ws.bufferedAmount > SLOW_SOCKET_BYTES) return;
    const m = message.data;
    if (m.type === 'ping') c.ws.send('{"type":"pong"}');
    else if (m.type === 'spotSubscribe') this.spotSubscribe(c, m.market.toUpperCase());
    else if (m.type === 'spotUnsubscribe') this.spotSubscribe(c, null);
    else this.sendSnapshot(c);
  }

  private detach(c: Client): void {
    this.clients.delete(c);
    if (c.spotMarket) this.spotSubscribe(c, null);
    if (!c.userId) return;
    const set = this.byUser.get(c.userId);
    set?.delete(c);
    if (set?.size === 0) this.byUser.delete(c.userId);
  }

  /** Ping every socket; one that did not answer the previous ping is dead and is dropped. */
  private heartbeat(): void {
    const message: HeartbeatMessage = {
      type: 'heartbeat',
      time: this.options.clock().toISOString(),
    };
    const frame = Buffer.from(JSON.stringify(message));
    for (const c of this.clients) {
      if (!c.alive) {
        this.detach(c);
        c.ws.terminate();
        this.stats.deadTerminated += 1;
        continue;
      }
      c.alive = false;
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      c.ws.ping();
      if (c.ws.bufferedAmount <= SLOW_SOCKET_BYTES) c.ws.send(frame, text);
    }
  }
}
