import type { FastifyBaseLogger } from 'fastify';
import type {
  CryptoActivityMessage,
  NotificationMessage,
  SpotOrdersMessage,
} from '@sikka/contracts';
import type { Queryable } from '../db/index.ts';
import { liveSessionHashes } from '../auth/sessions.ts';

/** The payload-free messages a NOTIFY sends to one user's sockets. */
export type SignalMessage = CryptoActivityMessage | NotificationMessage | SpotOrdersMessage;

/** What a user's sockets were not sent while their sessions were re-checked. */
export interface HeldEvents {
  balance: boolean;
  signals: Map<SignalMessage['type'], SignalMessage>;
}

/** What the watch knows of a socket: whose it is and the SHA-256 of its session token. */
export interface WatchedSocket {
  readonly userId: string | null;
  readonly tokenHash: string | null;
}

export interface SessionWatchOptions<S extends WatchedSocket> {
  db: Queryable;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The sockets open now: every one, or one user's. */
  sockets(userId?: string): S[];
  /** Still open and attached (not closed, nor ended by an earlier check). */
  isOpen(socket: S): boolean;
  /** Ends a socket whose session is gone. */
  end(socket: S): void;
  /** Sends a user what was held for them, to the sockets the re-check left open. */
  release(userId: string, held: HeldEvents): void;
}

/**
 * Whether each signed-in socket's session still exists (ADR 040). A deleted session row
 * notifies `session_ended` with its user (migration 039), and that user's sockets are
 * re-checked at once; so is a socket just accepted, whose session was read when its handshake
 * began. While a user waits for the answer their events are held, so nothing reaches a socket
 * of the ended session after the deletion reached this instance. Every socket is also
 * re-checked periodically, for a session that merely expired or a notice that was lost.
 * Sessions are asked about in one query per thousand (auth/sessions.ts), never one per socket.
 */
export class SessionWatch<S extends WatchedSocket> {
  private readonly toRecheck = new Set<string>();
  private rechecking: Promise<void> | null = null;
  private readonly held = new Map<string, HeldEvents>();
  private checkingAll = false;
  private checkAllAgain = false;
  private stopped = false;

  constructor(private readonly options: SessionWatchOptions<S>) {}

  /** Re-checks this user's sockets as soon as possible; their events wait until it answers. */
  recheckUser(userId: string): void {
    if (this.stopped) return;
    if (!this.held.has(userId)) this.held.set(userId, { balance: false, signals: new Map() });
    this.toRecheck.add(userId);
    this.startRecheck();
  }

  /** The events waiting for this user's re-check, or undefined when nothing is held. */
  heldFor(userId: string): HeldEvents | undefined {
    return this.held.get(userId);
  }

  /**
   * Re-checks every socket: periodically, the backstop (a session that merely expired, a lost
   * notice), and after the LISTEN connection came back, when sessions may have ended unseen.
   */
  async checkAll(): Promise<void> {
    if (this.stopped) return;
    if (this.checkingAll) {
      // The round running may have read the sessions before the change that asks again.
      this.checkAllAgain = true;
      return;
    }
    this.checkingAll = true;
    try {
      do {
        this.checkAllAgain = false;
        // Only sockets open when the round began are judged; newer ones are judged on accept.
        await this.closeEnded(this.options.sockets());
      } while (this.checkAllAgain && !this.stopped);
    } finally {
      this.checkingAll = false;
    }
  }

  /** Resolves once no user's re-check is running or waiting (tests). */
  async settled(): Promise<void> {
    while (this.rechecking) await this.rechecking;
  }

  get busy(): boolean {
    return this.rechecking !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.held.clear();
    await this.rechecking;
  }

  private startRecheck(): void {
    if (this.rechecking || this.stopped || this.toRecheck.size === 0) return;
    this.rechecking = this.recheckUsers().finally(() => {
      this.rechecking = null;
      this.startRecheck(); // users added while the last round was finishing
    });
  }

  private async recheckUsers(): Promise<void> {
    while (this.toRecheck.size > 0 && !this.stopped) {
      const users = [...this.toRecheck];
      this.toRecheck.clear();
      await this.closeEnded(users.flatMap((u) => this.options.sockets(u)));
      // A user asked about again meanwhile stays held until the next round has answered.
      for (const u of users) {
        if (this.toRecheck.has(u)) continue;
        const held = this.held.get(u);
        this.held.delete(u);
        if (held && !this.stopped) this.options.release(u, held);
      }
    }
  }

  private async closeEnded(sockets: readonly S[]): Promise<void> {
    const signedIn = sockets.filter((s) => s.tokenHash !== null);
    if (signedIn.length === 0) return;
    try {
      const hashes = [...new Set(signedIn.map((s) => s.tokenHash as string))];
      const live = await liveSessionHashes(this.options.db, hashes, this.options.clock());
      for (const s of signedIn) {
        if (this.options.isOpen(s) && !live.has(s.tokenHash as string)) this.options.end(s);
      }
    } catch (err) {
      // A database hiccup must not drop every signed-in socket; the periodic check decides.
      this.options.log.error({ err }, 'session re-check failed');
    }
  }
}
