import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import { OrderBook } from './engine/order-book.ts';
import type { PlaceResult } from './engine/types.ts';
import { fromUnits, type SpotMarketDef } from './markets.ts';
import type {
  EngineReply,
  EngineRequest,
  OrderAnswerRow,
  OrderUpdate,
  PlaceRequest,
} from './requests.ts';
import {
  diffViews,
  formatView,
  unitView,
  type BookView,
  type PublicTrade,
  type UnitView,
} from './book-view.ts';

interface Pending {
  request: EngineRequest;
  /** Local requests: the route waiting for the answer. Inbox requests answer by NOTIFY. */
  resolve?: (reply: EngineReply) => void;
  inboxId?: string;
}

interface AcceptResult {
  id: string;
  ok: boolean;
  code?: string;
  replayOf?: string;
  maxQuoteUnits?: number | string | null;
}

/** A batch being matched ahead of its acceptance, and what undoing it needs. */
interface Ahead {
  /** Matched ahead (every order guessable): the book keeps a journal. */
  active: boolean;
  /** The batch's requests, the inbox's included. */
  tried: Pending[];
  /** The engine's sequence and published view before the batch. */
  seq: number;
  view: UnitView;
}

/** What an open order's book entry needs besides what the engine keeps. */
interface OrderMeta {
  lots: number;
  filledLots: number;
}

/** The engine's answer to a remote instance, over NOTIFY spot_done (payload ≤ 8000 bytes). */
export const DONE_CHANNEL = 'spot_done';
export const BOOK_CHANNEL = 'spot_book';
/** Users whose spot orders changed: their ids, comma-separated. */
export const USER_CHANNEL = 'spot_user';
export const INBOX_CHANNEL = 'spot_inbox';

/**
 * The inbox is read when its NOTIFY says so, and at least this often in case a NOTIFY was
 * missed (the listening connection reconnected).
 */
const INBOX_SWEEP_MS = 1000;
/** Session tokens an engine remembers the user of; past it, it forgets them all and asks again. */
const MAX_KNOWN_TOKENS = 100_000;
/**
 * A user whose order was refused in a batch matched ahead of its acceptance (spot_batch) has
 * the batches with their orders run the two-step way for this long: a user short of funds
 * cannot make the market's batches run twice again and again.
 */
const NO_GUESS_MS = 60_000;
const MAX_NO_GUESS_USERS = 100_000;

export interface BookDelta {
  market: string;
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
  trades: PublicTrade[];
}

/**
 * One market's engine on the instance that holds its advisory lock (ADR 018): the in-memory
 * book and the one writer of that market's orders. Requests queue up; each batch is one
 * transaction (group commit): take the inbox, reserve and record the new orders
 * (spot_accept), match them in memory, write the fills and order states with their ledger
 * entries (spot_settle), publish the book's changes, commit. Only then are the requests
 * answered, so an acknowledged order and its fills are durable. Most batches are matched
 * before they are accepted and send accept and settlement as one statement (spot_batch,
 * ADR 030); a refused order rolls that batch back, the book's undo() takes the matching
 * back, and the batch runs the two-step way above.
 *
 * A failed batch (a deadlock with another market's engine, the database gone) leaves the
 * in-memory book ahead of the database: the book is rebuilt from the database and the
 * batch's requests are run again one by one, so one poisonous request fails alone.
 */
export class MarketEngine {
  private book = new OrderBook({ trackChanges: true });
  private meta = new Map<string, OrderMeta>();
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private inboxWaiting = false;
  /** An inbox NOTIFY arrived since the last read; when it was last read (clock ms). */
  private inboxDue = true;
  private inboxTakenAt = 0;
  /** Placements per user in the current minute (SPOT_ORDERS_PER_MIN). */
  private readonly budget = new Map<string, { start: number; count: number }>();
  /** Requests counted already: a failed batch's requests run again one by one, counted once. */
  private readonly budgeted = new WeakSet<PlaceRequest>();
  private budgetSweptAt = 0;
  /**
   * The user of each session token seen (a token never changes hands), so a batch of known
   * tokens needs no session query; spot_accept still checks each order's session.
   */
  private readonly tokenUsers = new Map<string, string>();
  private nextSeq = 1;
  /** Users whose batches are not matched ahead of acceptance, until (clock ms). */
  private readonly noGuess = new Map<string, number>();
  /** While a batch is matched ahead of acceptance: each touched order's meta as it was. */
  private metaJournal: Map<string, OrderMeta | undefined> | null = null;
  private view: UnitView = { bids: [], asks: [] };
  private stopped = false;
  /** guessed: batches committed in one statement; missed: of those tried, the ones run again. */
  readonly stats = { batches: 0, orders: 0, fills: 0, rebuilds: 0, guessed: 0, missed: 0 };

  constructor(
    readonly market: SpotMarketDef,
    private readonly db: Db,
    readonly epoch: number,
    private readonly log: FastifyBaseLogger,
    private readonly batchMax: number,
    private readonly onLost: (err: unknown) => void,
    private readonly clock: () => Date = () => new Date(),
    private readonly ordersPerMin: number = Number.MAX_SAFE_INTEGER,
  ) {}

  /** Loads the open orders in time priority; the book is then the database's. */
  async load(): Promise<void> {
    const book = new OrderBook({ trackChanges: true });
    const meta = new Map<string, OrderMeta>();
    const rows = await this.db.query<{
      id: string;
      user_id: string;
      side: 'buy' | 'sell';
      price_ticks: string;
      lots: string;
      filled_lots: string;
    }>(
      `SELECT id, user_id, side, price_ticks, lots, filled_lots FROM spot_orders
        WHERE market = $1 AND status IN ('new', 'open', 'partially_filled')
        ORDER BY seq`,
      [this.market.symbol],
    );
    for (const r of rows) {
      const lots = Number(r.lots);
      const filled = Number(r.filled_lots);
      book.rest({
        id: r.id,
        owner: r.user_id,
        side: r.side,
        priceTicks: Number(r.price_ticks),
        lots: lots - filled,
      });
      meta.set(r.id, { lots, filledLots: filled });
    }
    const [seq] = await this.db.query<{ max: string | null }>(
      'SELECT max(seq) AS max FROM spot_orders WHERE market = $1',
      [this.market.symbol],
    );
    book.drainChanges();
    this.book = book;
    this.meta = meta;
    this.nextSeq = Number(seq?.max ?? 0) + 1;
    this.view = unitView(book);
  }

  get size(): number {
    return this.book.size;
  }

  hash(): string {
    return this.book.hash();
  }

  /** The top of the book as the engine holds it (tests, the owner's GET /book). */
  currentView(): BookView {
    return formatView(this.view, this.market);
  }

  submit(request: EngineRequest): Promise<EngineReply> {
    if (this.stopped)
      return Promise.resolve({ id: request.id, ok: false, code: 'spot_unavailable' });
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.kick();
    });
  }

  /** Another instance queued requests in spot_inbox. */
  inboxArrived(): void {
    this.inboxWaiting = true;
    this.inboxDue = true;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    for (const p of this.queue.splice(0)) {
      p.resolve?.({ id: p.request.id, ok: false, code: 'spot_unavailable' });
    }
  }

  /** Resolves when the batches in flight are done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (!this.stopped && (this.queue.length > 0 || this.inboxWaiting)) this.kick();
    });
  }

  private async drain(): Promise<void> {
    // The last batch's answers, committed: given out once the next batch's first statement is
    // on its way (the statement goes out in this turn's promise jobs, the answers in the
    // next turn), so PostgreSQL works on that batch while the server writes these answers.
    let answers: Reply[] = [];
    try {
      while (!this.stopped && (this.queue.length > 0 || this.inboxWaiting)) {
        this.inboxWaiting = false;
        const batch = this.queue.splice(0, this.batchMax);
        const next = this.runBatch(batch, true, true);
        if (answers.length > 0) setImmediate(answer, answers);
        answers = await this.runOrRecover(batch, next);
      }
    } finally {
      answer(answers);
    }
  }

  /** A batch's answers, or (when it failed) its requests answered one by one. */
  private async runOrRecover(batch: Pending[], run: Promise<Reply[]>): Promise<Reply[]> {
    try {
      return await run;
    } catch (err) {
      if (isFenceError(err)) {
        this.fail(batch, err);
        return [];
      }
      this.log.warn(
        { err, market: this.market.symbol, size: batch.length },
        'spot batch failed; rebuilding the book and retrying one by one',
      );
      await this.recover(batch);
      return [];
    }
  }

  private fail(batch: Pending[], err: unknown): void {
    for (const p of batch) p.resolve?.({ id: p.request.id, ok: false, code: 'spot_unavailable' });
    this.stop();
    this.onLost(err);
  }

  private async recover(batch: Pending[]): Promise<void> {
    this.stats.rebuilds++;
    try {
      await this.load();
    } catch (err) {
      this.fail(batch, err);
      return;
    }
    for (const p of batch) {
      for (let attempt = 1; ; attempt++) {
        try {
          answer(await this.runBatch([p], false));
          break;
        } catch (err) {
          if (isFenceError(err)) return this.fail([p], err);
          // Another market's writer can deadlock this one again (a user's INR is every
          // market's): nothing was written, so the request runs again on a rebuilt book.
          const again = isTransient(err) && attempt < TRANSIENT_ATTEMPTS;
          if (!again) {
            this.log.error(
              { err, market: this.market.symbol, request: p.request },
              'spot request failed',
            );
            p.resolve?.({ id: p.request.id, ok: false, code: 'internal_error' });
          }
          try {
            await this.load();
          } catch (loadErr) {
            return this.fail([], loadErr);
          }
          if (!again) break;
        }
      }
    }
  }

  /**
   * A batch, matched ahead of its acceptance when it can be (`guess`): one round trip, the
   * engine matching its orders as if all will be accepted and sending accept and settlement
   * as one statement (spot_batch, migration 028). If PostgreSQL refuses one, nothing was
   * written: the engine takes its matching back and runs the batch again the two-step way.
   */
  private async runBatch(local: Pending[], withInbox: boolean, guess = false): Promise<Reply[]> {
    if (!guess) return this.batchTransaction(local, withInbox, null);
    const ahead: Ahead = { active: false, tried: local, seq: this.nextSeq, view: this.view };
    try {
      const replies = await this.batchTransaction(local, withInbox, ahead);
      if (ahead.active) {
        this.book.commit();
        this.metaJournal = null;
        this.stats.guessed++;
      }
      return replies;
    } catch (err) {
      if (!ahead.active) throw err;
      // Nothing of the batch was written: the book, the orders' meta and the published view
      // go back to where they were.
      this.book.undo();
      for (const [id, m] of this.metaJournal!) {
        if (m) this.meta.set(id, m);
        else this.meta.delete(id);
      }
      this.metaJournal = null;
      this.view = ahead.view;
      this.nextSeq = ahead.seq;
      if (!isGuessMiss(err)) throw err;
      this.stats.missed++;
      this.noGuessFor(ahead.tried, err);
      // Inbox rows it took are back in the table: the two-step run takes them again.
      this.inboxDue = true;
      return this.batchTransaction(local, withInbox, null);
    }
  }

  /**
   * One transaction: inbox, sessions, accept, match, settle (which also publishes). Answers
   * only after commit. A batch costs two round trips however many orders it holds: BEGIN
   * travels with the accept and COMMIT with the settlement (fusedTransaction); a third, the
   * session query, only when the batch holds a token the engine has not seen. Matched ahead
   * (`ahead`, see runBatch), it costs one.
   */
  private async batchTransaction(
    local: Pending[],
    withInbox: boolean,
    ahead: Ahead | null,
  ): Promise<Reply[]> {
    const replies: Reply[] = [];
    await this.db.fusedTransaction(async (tx) => {
      const batch = [...local];
      const now = this.clock();
      if (withInbox && (this.inboxDue || now.getTime() - this.inboxTakenAt >= INBOX_SWEEP_MS)) {
        this.inboxDue = false;
        this.inboxTakenAt = now.getTime();
        batch.push(...(await this.takeInbox(tx)));
      }
      if (batch.length === 0) return;
      if (ahead) ahead.tried = batch;
      const refused = new Map<string, EngineReply>();
      await this.resolveSessions(tx, batch, now, refused);
      this.applyBudget(batch, now, refused);
      const seqStart = this.nextSeq;
      const places = batch.filter(
        (p): p is Pending & { request: PlaceRequest } =>
          p.request.kind === 'place' && !refused.has(p.request.id),
      );
      let seq = seqStart;
      const accepted = new Map<string, AcceptResult>();
      let guessedOrders: string | null = null;
      if (ahead && places.length > 0 && places.every((p) => this.guessable(p.request, now))) {
        // Matched ahead of acceptance: every change to the book and to the orders' meta is
        // kept until the batch commits, so that a refusal can take them all back.
        ahead.active = true;
        this.book.checkpoint();
        this.metaJournal = new Map();
        guessedOrders = JSON.stringify(places.map((p) => ({ ...p.request, seq: seq++ })));
        for (const p of places) accepted.set(p.request.id, { id: p.request.id, ok: true });
      } else if (places.length > 0) {
        const payload = places.map((p) => ({ ...p.request, seq: seq++ }));
        const [row] = await tx.query<{ r: AcceptResult[] }>(
          'SELECT spot_accept($1, $2, $3::jsonb, $4) AS r',
          [this.market.symbol, this.epoch, JSON.stringify(payload), now],
        );
        for (const a of row?.r ?? []) accepted.set(a.id, a);
        for (const p of places) {
          if (accepted.get(p.request.id)?.code === 'unauthorized') this.signedOut(p.request);
        }
      }
      const fills: Array<{ taker: string; maker: string; priceTicks: number; lots: number }> = [];
      const updates = new Map<string, OrderUpdate>();
      const touchedUsers = new Set<string>();
      const trades: PublicTrade[] = [];
      const answered: string[] = [];
      for (const p of batch) {
        const r = p.request;
        const early = refused.get(r.id);
        if (early) {
          replies.push([p, early]);
          continue;
        }
        if (r.kind === 'place') {
          const a = accepted.get(r.id);
          const userId = r.userId!;
          if (!a?.ok) {
            replies.push([
              p,
              {
                id: r.id,
                ok: false,
                code: (a?.code ?? 'internal_error') as never,
                userId,
                ...(a?.replayOf ? { replayOf: a.replayOf } : {}),
              },
            ]);
            continue;
          }
          const result = this.place(r, userId, a);
          this.record(r, result, fills, updates, touchedUsers, trades);
          touchedUsers.add(userId);
          if (p.resolve) answered.push(r.id);
          replies.push([p, { id: r.id, ok: true, orderId: r.id, userId }]);
        } else {
          const ids = r.kind === 'cancel' ? [r.orderId] : this.book.idsOf(r.userId);
          let cancelled = 0;
          for (const id of ids) {
            const o = this.book.get(id);
            if (!o || o.owner !== r.userId) continue;
            this.book.cancel(id);
            this.keepMeta(id);
            const m = this.meta.get(id)!;
            this.meta.delete(id);
            updates.set(id, { id, status: 'cancelled', reason: 'user', filledLots: m.filledLots });
            touchedUsers.add(r.userId);
            cancelled++;
          }
          replies.push([
            p,
            r.kind === 'cancel' && cancelled === 0
              ? { id: r.id, ok: false, code: 'invalid_state' }
              : { id: r.id, ok: true, cancelled },
          ]);
        }
      }
      this.nextSeq = seq;
      const notices = this.notices(replies, touchedUsers, trades);
      if (fills.length > 0 || updates.size > 0) {
        for (const id of answered) {
          const u = updates.get(id);
          if (u) u.answer = true;
        }
        const settle = [
          this.market.symbol,
          this.epoch,
          JSON.stringify(fills),
          JSON.stringify([...updates.values()]),
          notices.map((n) => n[0]),
          notices.map((n) => n[1]),
        ];
        const [row] = await tx.queryAndCommit<{ r: OrderAnswerRow[] }>(
          guessedOrders === null
            ? 'SELECT spot_settle($1, $2, $3::jsonb, $4::jsonb, $5::text[], $6::text[]) AS r'
            : 'SELECT spot_batch($1, $2, $7::jsonb, $8, $3::jsonb, $4::jsonb, $5::text[], $6::text[]) AS r',
          guessedOrders === null ? settle : [...settle, guessedOrders, now],
        );
        const answers = new Map((row?.r ?? []).map((o) => [o.id, o]));
        for (const [, reply] of replies) {
          if (reply.ok && reply.orderId) {
            const answer = answers.get(reply.orderId);
            if (answer) reply.answer = answer;
          }
        }
      } else if (notices.length > 0) {
        await tx.queryAndCommit(
          'SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS n (c, p)',
          [notices.map((n) => n[0]), notices.map((n) => n[1])],
        );
      }
      this.stats.batches++;
      this.stats.orders += places.length;
      this.stats.fills += fills.length;
    });
    return replies;
  }

  /**
   * Whether an order can be matched before PostgreSQL accepts it: not a market buy (what it
   * may spend is spot_accept's answer), nor an order of a user refused in such a batch lately.
   */
  private guessable(r: PlaceRequest, now: Date): boolean {
    if (r.type === 'market' && r.side === 'buy') return false;
    const until = r.userId ? this.noGuess.get(r.userId) : undefined;
    return until === undefined || until <= now.getTime();
  }

  /** The users whose orders spot_batch refused (its DETAIL), else every user of the batch. */
  private noGuessFor(batch: Pending[], err: unknown): void {
    const detail = (err as { detail?: unknown }).detail;
    const refused = new Set(typeof detail === 'string' ? detail.split(',') : []);
    const until = this.clock().getTime() + NO_GUESS_MS;
    if (this.noGuess.size >= MAX_NO_GUESS_USERS) this.noGuess.clear();
    for (const p of batch) {
      const r = p.request;
      if (r.kind !== 'place' || !r.userId) continue;
      if (refused.size === 0 || refused.has(r.id)) this.noGuess.set(r.userId, until);
    }
  }

  /** An order's meta is about to change: while a batch is matched ahead, keep it as it was. */
  private keepMeta(id: string): void {
    const journal = this.metaJournal;
    if (journal === null || journal.has(id)) return;
    const m = this.meta.get(id);
    journal.set(id, m && { ...m });
  }

  /**
   * Users' orders name their session. A token seen before is its remembered user; the others
   * are looked up in one query, in the batch's transaction (an expired or ended session is
   * refused as signed out). Either way spot_accept checks every order's session again, so an
   * order through a session that has since ended is refused too (migration 027).
   */
  private async resolveSessions(
    tx: Queryable,
    batch: Pending[],
    now: Date,
    refused: Map<string, EngineReply>,
  ): Promise<void> {
    const hashes = new Set<string>();
    for (const p of batch) {
      const r = p.request;
      if (r.kind !== 'place' || r.userId !== null || !r.tokenHash) continue;
      const known = this.tokenUsers.get(r.tokenHash);
      if (known) r.userId = known;
      else hashes.add(r.tokenHash);
    }
    if (hashes.size > 0) {
      const rows = await tx.query<{ token_hash: string; user_id: string }>(
        `SELECT token_hash, user_id::text AS user_id FROM sessions
          WHERE token_hash = ANY ($1::text[]) AND expires_at > $2`,
        [[...hashes], now],
      );
      if (this.tokenUsers.size + rows.length > MAX_KNOWN_TOKENS) this.tokenUsers.clear();
      for (const r of rows) this.tokenUsers.set(r.token_hash, r.user_id);
    }
    for (const p of batch) {
      const r = p.request;
      if (r.kind !== 'place' || r.userId !== null) continue;
      const userId = r.tokenHash ? this.tokenUsers.get(r.tokenHash) : undefined;
      if (userId) r.userId = userId;
      else refused.set(r.id, { id: r.id, ok: false, code: 'unauthorized' });
    }
  }

  /**
   * spot_accept found the order's session ended or expired: the token is forgotten (its next
   * order asks the sessions table again, and is refused there) and the order does not count
   * against the user's budget, as a signed-out request never did.
   */
  private signedOut(r: PlaceRequest): void {
    if (!r.tokenHash) return;
    this.tokenUsers.delete(r.tokenHash);
    if (!r.userId || !this.budgeted.has(r)) return;
    const w = this.budget.get(r.userId);
    if (w && w.count > 0) w.count--;
    this.budgeted.delete(r);
  }

  /**
   * SPOT_ORDERS_PER_MIN placements per user a minute in this market, counted here: the one
   * writer of the market sees every instance's orders, so the budget holds across instances.
   * The house's own orders (named by user, not session) are not counted.
   */
  private applyBudget(batch: Pending[], now: Date, refused: Map<string, EngineReply>): void {
    const t = now.getTime();
    if (t - this.budgetSweptAt >= 60_000) {
      for (const [user, w] of this.budget) if (t - w.start >= 60_000) this.budget.delete(user);
      for (const [user, until] of this.noGuess) if (until <= t) this.noGuess.delete(user);
      this.budgetSweptAt = t;
    }
    for (const p of batch) {
      const r = p.request;
      if (r.kind !== 'place' || !r.tokenHash || !r.userId || refused.has(r.id)) continue;
      if (this.budgeted.has(r)) continue;
      let w = this.budget.get(r.userId);
      if (!w || t - w.start >= 60_000) {
        w = { start: t, count: 0 };
        this.budget.set(r.userId, w);
      }
      if (w.count >= this.ordersPerMin) {
        refused.set(r.id, { id: r.id, ok: false, code: 'rate_limited', userId: r.userId });
      } else {
        w.count++;
        this.budgeted.add(r);
      }
    }
  }

  private place(r: PlaceRequest, userId: string, a: AcceptResult): PlaceResult {
    const lots = r.lots ?? this.market.maxLots;
    const result = this.book.place({
      id: r.id,
      owner: userId,
      side: r.side,
      type: r.type,
      priceTicks: r.priceTicks ?? 0,
      lots,
      tif: r.tif,
      postOnly: r.postOnly,
      stp: r.stp,
      ...(a.maxQuoteUnits !== null && a.maxQuoteUnits !== undefined
        ? { maxQuoteUnits: Number(a.maxQuoteUnits) }
        : {}),
    });
    if (result.restingLots > 0) {
      this.keepMeta(r.id);
      this.meta.set(r.id, { lots, filledLots: result.filledLots });
    }
    return result;
  }

  private record(
    r: PlaceRequest,
    result: PlaceResult,
    fills: Array<{ taker: string; maker: string; priceTicks: number; lots: number }>,
    updates: Map<string, OrderUpdate>,
    users: Set<string>,
    trades: PublicTrade[],
  ): void {
    for (const f of result.fills) {
      fills.push({ taker: f.takerId, maker: f.makerId, priceTicks: f.priceTicks, lots: f.lots });
      this.keepMeta(f.makerId);
      const m = this.meta.get(f.makerId)!;
      m.filledLots += f.lots;
      if (f.makerRemaining === 0) this.meta.delete(f.makerId);
      updates.set(f.makerId, {
        id: f.makerId,
        status: f.makerRemaining === 0 ? 'filled' : 'partially_filled',
        reason: null,
        filledLots: m.filledLots,
      });
      users.add(f.makerOwner);
      trades.push({
        id: `${r.id}:${trades.length}`,
        price: fromUnits(f.priceTicks, this.market.tickSize),
        quantity: fromUnits(f.lots, this.market.lotSize),
        side: r.side,
        time: new Date().toISOString(),
      });
    }
    for (const c of result.makerCancels) {
      this.keepMeta(c.id);
      const m = this.meta.get(c.id)!;
      this.meta.delete(c.id);
      updates.set(c.id, { id: c.id, status: 'cancelled', reason: 'stp', filledLots: m.filledLots });
      users.add(c.owner);
    }
    // A market buy given by its INR total is done when the total is spent.
    const spent =
      r.quoteAmount !== null && result.cancelReason === 'funds' && result.filledLots > 0;
    updates.set(r.id, {
      id: r.id,
      status:
        result.status === 'open'
          ? result.filledLots > 0
            ? 'partially_filled'
            : 'open'
          : spent
            ? 'filled'
            : result.status,
      reason: result.status === 'cancelled' && !spent ? result.cancelReason : null,
      filledLots: result.filledLots,
    });
  }

  private async takeInbox(tx: Queryable): Promise<Pending[]> {
    const rows = await tx.query<{ id: string; request: EngineRequest }>(
      `DELETE FROM spot_inbox WHERE id IN (
         SELECT id FROM spot_inbox WHERE market = $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, request`,
      [this.market.symbol, this.batchMax],
    );
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    return rows.map((r) => ({ request: r.request, inboxId: r.id }));
  }

  /** The batch's NOTIFYs (sent at commit): remote answers, the book's changes, users to refresh. */
  private notices(
    replies: Array<[Pending, EngineReply]>,
    users: Set<string>,
    trades: PublicTrade[],
  ): Array<[string, string]> {
    const remote = replies.filter(([p]) => p.inboxId !== undefined).map(([, r]) => r);
    const payloads: Array<[string, string]> = [];
    // Several answers share a NOTIFY, each payload kept under PostgreSQL's 8000 bytes.
    for (const part of chunks(remote, 40)) payloads.push([DONE_CHANNEL, JSON.stringify(part)]);
    const view = unitView(this.book);
    const delta = diffViews(this.view, view, this.market);
    this.view = view;
    this.book.drainChanges();
    if (delta.bids.length + delta.asks.length + trades.length > 0) {
      const message: BookDelta = {
        market: this.market.symbol,
        bids: delta.bids,
        asks: delta.asks,
        trades: trades.slice(-30),
      };
      let text = JSON.stringify(message);
      if (text.length > 7900) text = JSON.stringify({ ...message, trades: trades.slice(-5) });
      payloads.push([BOOK_CHANNEL, text]);
    }
    for (const p of userPayloads(users)) payloads.push([USER_CHANNEL, p]);
    return payloads;
  }
}

/**
 * The payloads of USER_CHANNEL for these users: their ids joined by commas, 200 to a payload
 * (7,399 bytes at most, under PostgreSQL's 8000).
 */
export function userPayloads(users: Iterable<string>): string[] {
  return chunks([...users], 200).map((ids) => ids.join(','));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A request and its answer, once its batch has committed. */
type Reply = [Pending, EngineReply];

function answer(replies: Reply[]): void {
  for (const [p, reply] of replies) p.resolve?.(reply);
}

/** How often a request alone is tried when PostgreSQL ends it with a deadlock or a conflict. */
const TRANSIENT_ATTEMPTS = 5;

/** A deadlock or serialization failure: the transaction rolled back whole and may run again. */
function isTransient(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: string }).code : '';
  return code === '40P01' || code === '40001';
}

/** spot_batch found an order refused: the batch was rolled back whole (migration 028). */
function isGuessMiss(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SK021';
}

function isFenceError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SK020';
}
