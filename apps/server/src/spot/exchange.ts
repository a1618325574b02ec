import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, LockSession } from '../db/index.ts';
import { spotMarkets, upsertMarkets, type SpotMarketDef } from './markets.ts';
import { DONE_CHANNEL, INBOX_CHANNEL, MarketEngine } from './market-engine.ts';
import type { EngineReply, EngineRequest } from './requests.ts';

interface Waiter {
  resolve: (reply: EngineReply) => void;
  timer: NodeJS.Timeout;
}

/**
 * The spot exchange on one instance (ADR 018). Every instance accepts orders for every
 * market; each market's engine runs on exactly one instance, the holder of the market's
 * PostgreSQL advisory lock. Requests for a market run elsewhere go through spot_inbox and
 * are answered by NOTIFY. Every SPOT_TAKEOVER_MS an instance tries the locks it does not
 * hold, so when the owner dies (its lock session ends with it) another takes over within
 * about that long, rebuilding the book from the database.
 */
export class SpotExchange {
  readonly markets: SpotMarketDef[];
  private readonly bySymbol: Map<string, SpotMarketDef>;
  private readonly engines = new Map<string, MarketEngine>();
  private readonly waiters = new Map<string, Waiter>();
  private session: LockSession | null = null;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: Array<() => Promise<void>> = [];
  private closed = false;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.markets = spotMarkets(config);
    this.bySymbol = new Map(this.markets.map((m) => [m.symbol, m]));
  }

  market(symbol: string): SpotMarketDef | undefined {
    return this.bySymbol.get(symbol.toUpperCase());
  }

  /** The engine of a market when this instance runs it (tests read its hash). */
  engine(symbol: string): MarketEngine | undefined {
    return this.engines.get(symbol);
  }

  get ownedMarkets(): string[] {
    return [...this.engines.keys()];
  }

  async start(): Promise<void> {
    await upsertMarkets(this.db, this.markets, this.config);
    this.unlisten.push(
      await this.db.listen(DONE_CHANNEL, (payload) => this.answered(payload)),
      await this.db.listen(INBOX_CHANNEL, (market) => this.engines.get(market)?.inboxArrived()),
    );
    await this.checkOwnership();
    this.timer = setInterval(() => void this.checkOwnership(), this.config.SPOT_TAKEOVER_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    for (const e of this.engines.values()) {
      await e.idle();
      e.stop();
    }
    this.engines.clear();
    for (const u of this.unlisten) await u();
    for (const [id, w] of this.waiters) {
      clearTimeout(w.timer);
      w.resolve({ id, ok: false, code: 'spot_unavailable' });
    }
    this.waiters.clear();
    await this.session?.close();
  }

  /** Runs a request on the market's engine, here or on the instance that runs it. */
  async submit(symbol: string, request: EngineRequest): Promise<EngineReply> {
    const local = this.engines.get(symbol);
    if (local) return local.submit(request);
    let inboxId: string | null = null;
    const answer = new Promise<EngineReply>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(request.id);
        void this.timedOut(request, inboxId).then(resolve, () =>
          resolve({ id: request.id, ok: false, code: 'spot_unavailable' }),
        );
      }, this.config.SPOT_REMOTE_TIMEOUT_MS);
      this.waiters.set(request.id, { resolve, timer });
    });
    try {
      inboxId = await this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO spot_inbox (market, request) VALUES ($1, $2::jsonb) RETURNING id',
          [symbol, JSON.stringify(request)],
        );
        await tx.query('SELECT pg_notify($1, $2)', [INBOX_CHANNEL, symbol]);
        return row!.id;
      });
    } catch (err) {
      const w = this.waiters.get(request.id);
      if (w) clearTimeout(w.timer);
      this.waiters.delete(request.id);
      throw err;
    }
    return answer;
  }

  /**
   * No answer in time: take the request back out of the inbox, so "unavailable" is true. The
   * DELETE waits for a batch that took the row but has not committed; finding nothing then
   * means the engine ran it, and the database says how (an order that exists was placed; a
   * refused one left nothing; a cancel's order shows its state).
   */
  private async timedOut(request: EngineRequest, inboxId: string | null): Promise<EngineReply> {
    const unavailable: EngineReply = { id: request.id, ok: false, code: 'spot_unavailable' };
    if (inboxId === null) return unavailable;
    const taken = await this.db.query('DELETE FROM spot_inbox WHERE id = $1 RETURNING id', [
      inboxId,
    ]);
    if (taken.length > 0) return unavailable;
    if (request.kind === 'place') {
      // The order's id is this request's, so its owner is whoever the batch found the caller to
      // be (a forwarded request carries only the session's hash): the route reads it back as them.
      const [row] = await this.db.query<{ user_id: string }>(
        'SELECT user_id FROM spot_orders WHERE id = $1',
        [request.id],
      );
      return row
        ? { id: request.id, ok: true, orderId: request.id, userId: row.user_id }
        : unavailable;
    }
    if (request.kind === 'cancel') {
      const [row] = await this.db.query<{ status: string }>(
        'SELECT status FROM spot_orders WHERE id = $1',
        [request.orderId],
      );
      return row?.status === 'cancelled'
        ? { id: request.id, ok: true, cancelled: 1 }
        : { id: request.id, ok: false, code: 'invalid_state' };
    }
    return { id: request.id, ok: true, cancelled: 0 };
  }

  private answered(payload: string): void {
    let replies: EngineReply[];
    try {
      replies = JSON.parse(payload) as EngineReply[];
    } catch {
      return;
    }
    for (const r of replies) {
      const w = this.waiters.get(r.id);
      if (!w) continue;
      clearTimeout(w.timer);
      this.waiters.delete(r.id);
      w.resolve(r);
    }
  }

  /** Takes over every market whose lock is free; notices a lost lock session. */
  checkOwnership(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.checking ??= this.takeOver()
      .catch((err: unknown) => this.log.warn({ err }, 'spot ownership check failed'))
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async takeOver(): Promise<void> {
    if (!this.session) {
      const session = await this.db.openLockSession();
      this.session = session;
      void session.lost.then(() => this.sessionLost(session));
    }
    for (const m of this.markets) {
      if (this.closed) return;
      const running = this.engines.get(m.symbol);
      if (running) {
        // A NOTIFY of the inbox can be missed while the listening connection reconnects.
        running.inboxArrived();
        continue;
      }
      if (!(await this.session.tryLock(m.lockKey))) continue;
      // The fence: a batch of a previous owner still in flight finishes first (row lock);
      // any later one fails its epoch check and is rolled back.
      const [row] = await this.db.query<{ epoch: string }>(
        'UPDATE spot_markets SET epoch = epoch + 1 WHERE symbol = $1 RETURNING epoch',
        [m.symbol],
      );
      const engine = new MarketEngine(
        m,
        this.db,
        Number(row!.epoch),
        this.log.child({ market: m.symbol }),
        this.config.SPOT_BATCH_MAX,
        (err) => this.engineLost(m, engine, err),
        this.clock,
        this.config.SPOT_ORDERS_PER_MIN,
      );
      await engine.load();
      this.engines.set(m.symbol, engine);
      this.log.info(
        { market: m.symbol, orders: engine.size, epoch: row!.epoch },
        'spot engine running',
      );
      engine.inboxArrived();
    }
  }

  private sessionLost(session: LockSession): void {
    if (this.session !== session) return;
    this.session = null;
    this.log.warn('spot lock session lost; engines stop until the locks are taken again');
    for (const e of this.engines.values()) e.stop();
    this.engines.clear();
  }

  private engineLost(m: SpotMarketDef, engine: MarketEngine, err: unknown): void {
    if (this.engines.get(m.symbol) !== engine) return;
    this.engines.delete(m.symbol);
    this.log.warn(
      { err, market: m.symbol },
      'spot engine stopped: the market moved to another instance',
    );
    void this.session?.unlock(m.lockKey).catch(() => undefined);
  }
}
