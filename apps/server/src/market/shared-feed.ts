import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { coinSchema } from '@sikka/contracts';
import type { Db, LockSession } from '../db/index.ts';
import type { MarketFeed, PollOutcome } from './feed.ts';

/** The advisory lock whose holder polls the upstream (spot engines use 0x53500000 + n). */
export const MARKET_POLLER_LOCK = 0x4d4b5430;
export const MARKET_TICKER_CHANNEL = 'market_ticker';
/** NOTIFY payloads must stay under 8000 bytes; a bigger poll goes through the table row. */
const NOTIFY_MAX_BYTES = 7900;

const sharedPollSchema = z.object({
  at: z.iso.datetime(),
  quotes: z
    .array(
      z.object({
        coin: coinSchema,
        priceText: z.string().nullable(),
        traded: z.number().optional(),
      }),
    )
    .nullable(),
  error: z.string().nullable(),
});

/** The poller's write: the row (seq + 1) and one NOTIFY, in one statement. */
const PUBLISH_SQL = `
  WITH w AS (
    INSERT INTO market_shared_ticker (id, seq, payload, updated_at) VALUES (1, 1, $1, now())
    ON CONFLICT (id) DO UPDATE
      SET seq = market_shared_ticker.seq + 1, payload = EXCLUDED.payload, updated_at = now()
    RETURNING seq
  )
  SELECT pg_notify('${MARKET_TICKER_CHANNEL}', w.seq || ':' || $2) FROM w`;

/**
 * One upstream poller for all instances on one PostgreSQL (docs/scaling.md). Every instance
 * tries a session advisory lock every `checkMs`; the one holding it runs the feed's own polling
 * and publishes each poll's outcome (row + NOTIFY), the others apply what it published to their
 * own feed, so their sockets, candles and quick-trade rate see the same ticks. When the poller
 * dies its lock session ends with it and the next check elsewhere takes over.
 */
export class SharedMarketFeed {
  private session: LockSession | null = null;
  private leading = false;
  private lastSeq = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly feed: MarketFeed,
    private readonly log: FastifyBaseLogger,
    private readonly checkMs: number,
  ) {}

  /** True while this instance is the poller. */
  get isPoller(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      MARKET_TICKER_CHANNEL,
      (payload) => void this.received(payload),
      () => void this.readRow(),
    );
    await this.readRow();
    await this.check();
    this.timer = setInterval(() => void this.check(), this.checkMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    await this.unlisten?.();
    if (this.leading) await this.feed.stop();
    this.leading = false;
    await this.session?.close();
    this.session = null;
  }

  /** Called by the feed after each own poll (only the poller polls). */
  publish(outcome: PollOutcome, at: Date): void {
    if (!this.leading) return;
    const json = JSON.stringify({ at: at.toISOString(), ...outcome });
    const inline = Buffer.byteLength(json) <= NOTIFY_MAX_BYTES ? json : '';
    this.db
      .query(PUBLISH_SQL, [json, inline])
      .catch((err: unknown) => this.log.warn({ err }, 'market: could not share a poll'));
  }

  private check(): Promise<void> {
    if (this.closed || this.leading) return Promise.resolve();
    this.checking ??= this.tryLead()
      .catch((err: unknown) => this.log.warn({ err }, 'market: poller election failed'))
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private async tryLead(): Promise<void> {
    if (!this.session) {
      const session = await this.db.openLockSession();
      this.session = session;
      void session.lost.then(() => this.sessionLost(session));
    }
    if (this.closed || !(await this.session.tryLock(MARKET_POLLER_LOCK))) return;
    this.leading = true;
    this.log.info('market: this instance polls the upstream ticker for all');
    this.feed.start();
  }

  private sessionLost(session: LockSession): void {
    if (this.session !== session) return;
    this.session = null;
    if (!this.leading) return;
    this.leading = false;
    this.log.warn('market: poller lock lost; polling stops until it is taken again');
    void this.feed.stop();
  }

  /** A NOTIFY: '<seq>:<json>', or '<seq>:' when the poll is only in the row. */
  private async received(payload: string): Promise<void> {
    if (this.leading) return;
    const colon = payload.indexOf(':');
    const seq = Number(payload.slice(0, colon));
    if (!(seq > this.lastSeq)) return;
    const json = payload.slice(colon + 1);
    if (json === '') await this.readRow();
    else this.applyJson(seq, json);
  }

  private async readRow(): Promise<void> {
    if (this.leading) return;
    const [row] = await this.db
      .query<{ seq: string; payload: string }>(
        'SELECT seq, payload FROM market_shared_ticker WHERE id = 1',
      )
      .catch((err: unknown) => {
        this.log.warn({ err }, 'market: could not read the shared ticker');
        return [];
      });
    if (row && Number(row.seq) > this.lastSeq) this.applyJson(Number(row.seq), row.payload);
  }

  private applyJson(seq: number, json: string): void {
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      data = null;
    }
    const parsed = sharedPollSchema.safeParse(data);
    if (!parsed.success) {
      this.log.warn({ seq }, 'market: a shared poll did not parse');
      return;
    }
    this.lastSeq = seq;
    const { at, quotes, error } = parsed.data;
    const outcome: PollOutcome = quotes
      ? { quotes, error: null }
      : { quotes: null, error: error ?? '' };
    this.feed.apply(outcome, new Date(at));
  }
}
