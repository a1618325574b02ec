import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { decimalToUnits, unitsToDecimal } from '@sikka/contracts';
import { MARKET_MAKER_EMAIL } from '../auth/identities.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/index.ts';
import type { MarketFeed } from '../market/feed.ts';
import type { SpotExchange } from './exchange.ts';
import type { SpotMarketDef } from './markets.ts';

/** Quotes a side: basis points away from the feed's price, one per level. */
const LEVEL_BPS = [10, 25, 50, 80, 120];
/** INR a level is worth, about. */
const LEVEL_VALUE = 25_000n;
/** What the account is topped up to (INR, and coins worth this much) when below half. */
const FUND_VALUE = 10_000_000n;
const REFRESH_MS = 3000;
/** Requotes only when the feed's price moved this much (basis points) or a quote filled. */
const MOVE_BPS = 5n;

const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const u = (v: string): bigint => decimalToUnits(v, SCALE, 'down');

/**
 * The house market maker (issue 17): an account of the exchange that quotes both sides of
 * every market around the feed's price, so a newcomer's order fills. It trades through the
 * same engine and money functions as everyone (fees and TDS included); its balances come
 * from the house through the ledger ('house_funding').
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | null = null;
  private userId: string | null = null;
  private quotedAt = new Map<string, bigint>();
  private running: Promise<void> | null = null;
  private lastFunding = 0;

  constructor(
    private readonly db: Db,
    private readonly exchange: SpotExchange,
    private readonly feed: MarketFeed,
    private readonly log: FastifyBaseLogger,
  ) {}

  get accountId(): string | null {
    return this.userId;
  }

  async start(): Promise<void> {
    this.userId = await this.ensureAccount();
    if (!this.userId) {
      this.log.error(
        { email: MARKET_MAKER_EMAIL },
        'the market maker does not run: its address belongs to an account the house did not make ' +
          '(house_accounts, ADR 037); spot trading works without it',
      );
      return;
    }
    this.timer = setInterval(() => void this.step(), REFRESH_MS);
    this.timer.unref();
    void this.step();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: fund when low, requote the markets whose price moved (tests call it). */
  step(): Promise<void> {
    this.running ??= this.quoteAll()
      .catch((err: unknown) => this.log.warn({ err }, 'market maker round failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /**
   * The house's market maker account (house_accounts, migration 036), made with its row on first
   * start only (its unusable password is hashed once, then). Never an account found by its
   * address alone: null when someone else's account holds the address.
   */
  private async ensureAccount(): Promise<string | null> {
    const find = async () =>
      (
        await this.db.query<{ user_id: string }>(
          "SELECT user_id FROM house_accounts WHERE name = 'market_maker'",
        )
      )[0]?.user_id ?? null;
    const existing = await find();
    if (existing) return existing;
    const hash = await hashPassword(randomBytes(32).toString('base64url'));
    // Two instances starting at once: the second's insert waits on the address's unique index,
    // does nothing once the first commits, and finds the first's row.
    await this.db.transaction(async (tx) => {
      const [made] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, full_name, password_hash, kyc_status, email_verified_at)
         VALUES ($1, 'Sikka Market Maker', $2, 'verified', now())
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [MARKET_MAKER_EMAIL, hash],
      );
      if (made) {
        await tx.query("INSERT INTO house_accounts (name, user_id) VALUES ('market_maker', $1)", [
          made.id,
        ]);
      }
    });
    return find();
  }

  private async quoteAll(): Promise<void> {
    const userId = this.userId;
    if (!userId || this.timer === null) return;
    if (Date.now() - this.lastFunding > 60_000) {
      this.lastFunding = Date.now();
      await this.fund(userId);
    }
    for (const m of this.exchange.markets) {
      const price = this.feed.getPriceText(m.feedId);
      if (!price) continue;
      const mid = u(price);
      const last = this.quotedAt.get(m.symbol);
      const open = await this.openOrders(userId, m.symbol);
      const moved = last === undefined || abs(mid - last) * 10_000n > last * MOVE_BPS;
      if (!moved && open === LEVEL_BPS.length * 2) continue;
      await this.exchange.submit(m.symbol, { kind: 'cancelAll', id: randomUUID(), userId });
      for (const bps of LEVEL_BPS) {
        for (const side of ['buy', 'sell'] as const) {
          const order = quote(m, mid, bps, side);
          if (!order) continue;
          await this.exchange.submit(m.symbol, {
            kind: 'place',
            id: randomUUID(),
            userId,
            side,
            type: 'limit',
            tif: 'GTC',
            postOnly: true,
            stp: 'cancel_taker',
            priceTicks: order.ticks,
            lots: order.lots,
            quoteAmount: null,
            key: null,
            hash: null,
          });
        }
      }
      this.quotedAt.set(m.symbol, mid);
    }
  }

  private async openOrders(userId: string, market: string): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM spot_orders
        WHERE user_id = $1 AND market = $2 AND status IN ('open', 'partially_filled')`,
      [userId, market],
    );
    return Number(row?.n ?? 0);
  }

  /** Tops INR and each coin up to about ₹1 crore's worth when below half of it. */
  private async fund(userId: string): Promise<void> {
    const wants: Array<[string, bigint]> = [['INR', FUND_VALUE * ONE]];
    for (const m of this.exchange.markets) {
      const price = this.feed.getPriceText(m.feedId);
      if (price) wants.push([m.base, (FUND_VALUE * ONE * ONE) / u(price)]);
    }
    for (const [asset, target] of wants) {
      const [row] = await this.db.query<{ total: string | null }>(
        asset === 'INR'
          ? 'SELECT (balance + inr_reserved)::text AS total FROM users WHERE id = $1'
          : `SELECT (balance + reserved)::text AS total FROM wallets
              WHERE user_id = $1 AND coin_symbol = $2`,
        asset === 'INR' ? [userId] : [userId, asset],
      );
      const have = u(row?.total ?? '0');
      if (have * 2n >= target) continue;
      const scale = asset === 'INR' ? 2 : 8;
      const amount = unitsToDecimal((target - have) / 10n ** BigInt(SCALE - scale), scale);
      // By the account's name: the house tops up none but its own (migration 036).
      await this.db.transaction(async (tx) => {
        await tx.query("SELECT fund_house_account('market_maker', $1, $2::numeric)", [
          asset,
          amount,
        ]);
      });
      this.log.info({ asset, amount }, 'market maker funded by the house');
    }
  }
}

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

/**
 * A level's price (rounded away from the mid to the tick) and size (rounded down to the lot);
 * null when the price is outside the market's range.
 */
export function quote(
  m: SpotMarketDef,
  mid: bigint,
  bps: number,
  side: 'buy' | 'sell',
): { ticks: number; lots: number } | null {
  const tick = u(m.tickSize);
  const lot = u(m.lotSize);
  const factor = side === 'buy' ? 10_000n - BigInt(bps) : 10_000n + BigInt(bps);
  const exact = (mid * factor) / 10_000n;
  const ticks = side === 'buy' ? exact / tick : (exact + tick - 1n) / tick;
  // The prices anyone may quote (spot/markets.ts): below the floor a fill could cost a seller.
  if (ticks < BigInt(m.minPriceTicks) || ticks > BigInt(m.maxPriceTicks)) return null;
  const price = ticks * tick;
  const lots = (LEVEL_VALUE * ONE * ONE) / (price * lot);
  if (lots <= 0n || lots > BigInt(m.maxLots)) return null;
  return { ticks: Number(ticks), lots: Number(lots) };
}
