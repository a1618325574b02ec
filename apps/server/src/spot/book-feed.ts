import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  SPOT_RECENT_TRADES,
  type SpotBookMessage,
  type SpotBookResponse,
  type SpotPublicTrade,
} from '@sikka/contracts';
import type { Db } from '../db/index.ts';
import { applyDelta, type BookView } from './book-view.ts';
import { BOOK_CHANNEL, type BookDelta } from './market-engine.ts';
import type { SpotMarketDef } from './markets.ts';
import { loadBookView, recentTrades } from './queries.ts';

interface MarketState {
  view: BookView;
  trades: SpotPublicTrade[];
  /** This instance's message counter for the market: what subscribers check for gaps. */
  seq: number;
  snapshot: Buffer | null;
}

/**
 * Every instance's copy of each market's top of book and recent trades, kept by the
 * engine's NOTIFY spot_book deltas (whichever instance runs the engine), and the frames the
 * realtime hub sends: a snapshot on subscribe, then each delta serialised once for every
 * subscriber of the market. After the LISTEN connection was lost, the copies are loaded
 * again from the database and subscribers get a fresh snapshot.
 */
export class SpotBookFeed extends EventEmitter<{
  frame: [market: string, frame: Buffer, snapshot: boolean];
}> {
  private readonly state = new Map<string, MarketState>();
  private unlisten: (() => Promise<void>) | null = null;
  /** Whether a market's delta frames have anyone to go to (the realtime hub says). */
  private audience: (market: string) => boolean = () => true;
  readonly stats = { deltas: 0, reloads: 0 };

  constructor(
    private readonly db: Db,
    private readonly markets: SpotMarketDef[],
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.reloadAll(false);
    this.unlisten = await this.db.listen(
      BOOK_CHANNEL,
      (payload) => this.onDelta(payload),
      () => void this.reloadAll(true),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Who receives the frames: a delta's frame is built only for a market someone follows
   * (the copy of the book is kept either way; a new subscriber starts from its snapshot).
   */
  setAudience(audience: (market: string) => boolean): void {
    this.audience = audience;
  }

  has(market: string): boolean {
    return this.state.has(market);
  }

  book(market: string): SpotBookResponse | null {
    const s = this.state.get(market);
    if (!s) return null;
    return { market, seq: s.seq, bids: s.view.bids, asks: s.view.asks, trades: s.trades };
  }

  snapshotFrame(market: string): Buffer | null {
    const s = this.state.get(market);
    if (!s) return null;
    s.snapshot ??= Buffer.from(
      JSON.stringify({
        type: 'spotBook',
        market,
        seq: s.seq,
        snapshot: true,
        bids: s.view.bids,
        asks: s.view.asks,
        trades: s.trades,
      } satisfies SpotBookMessage),
    );
    return s.snapshot;
  }

  private async reloadAll(announce: boolean): Promise<void> {
    this.stats.reloads++;
    for (const m of this.markets) {
      try {
        const [view, trades] = await Promise.all([
          loadBookView(this.db, m),
          recentTrades(this.db, m),
        ]);
        const prev = this.state.get(m.symbol);
        this.state.set(m.symbol, { view, trades, seq: (prev?.seq ?? 0) + 1, snapshot: null });
        if (announce) this.emit('frame', m.symbol, this.snapshotFrame(m.symbol)!, true);
      } catch (err) {
        this.log.error({ err, market: m.symbol }, 'could not load the spot book');
      }
    }
  }

  private onDelta(payload: string): void {
    let delta: BookDelta;
    try {
      delta = JSON.parse(payload) as BookDelta;
    } catch {
      return;
    }
    const s = this.state.get(delta.market);
    if (!s) return;
    s.view = applyDelta(s.view, delta);
    s.trades = [...s.trades, ...delta.trades].slice(-SPOT_RECENT_TRADES);
    s.seq += 1;
    s.snapshot = null;
    this.stats.deltas++;
    if (!this.audience(delta.market)) return;
    const message: SpotBookMessage = {
      type: 'spotBook',
      market: delta.market,
      seq: s.seq,
      snapshot: false,
      bids: delta.bids,
      asks: delta.asks,
      trades: delta.trades,
    };
    this.emit('frame', delta.market, Buffer.from(JSON.stringify(message)), false);
  }
}
