import {
  addDecimal,
  decimalFromNumber,
  decimalToUnits,
  divideDecimal,
  fractionDigits,
  isPositiveDecimal,
  multiplyDecimal,
  unitsToDecimal,
  USDT_DECIMALS,
  type Candle,
  type OverviewResponse,
} from '@sikka/contracts';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { usdtInrRate } from './rate.ts';

/*
 * The overview's figures (issue 14; formulas in docs/money.md):
 *   value(t)     = INR(t) + USDT(t) × USDT/INR rate(t) + Σ coin(t) × its price(t), where each
 *                  asset counts everything the user owns of it: available, reserved by open
 *                  spot orders and held by withdrawals in flight (the ledger's 'user' and
 *                  'user_held' accounts)
 *   Total        = value(now)
 *   Today's PnL  = (value(now) − value(00:00 IST)) − (deposits credited − withdrawals paid out
 *                  since 00:00 IST, INR and USDT on chain, the USDT at today's rate)
 *   Today's %    = Today's PnL ÷ value(00:00 IST) × 100, 0 when that value is 0
 * A valuation, not money moving: computed exactly with the decimal module (no floats, one
 * rounding half-up to 2 places at the end, ADR 010), from balances the ledger holds.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** 00:00 India time (UTC+05:30, no daylight saving) of the day `now` falls in. */
export function istDayStart(now: Date): Date {
  const ist = now.getTime() + IST_OFFSET_MS;
  return new Date(ist - (((ist % 86_400_000) + 86_400_000) % 86_400_000) - IST_OFFSET_MS);
}

/** The India calendar date of `now`, YYYY-MM-DD. */
export const istDate = (now: Date): string =>
  new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

export interface Holdings {
  /** INR available (with what open spot orders reserve), held for withdrawals (rupees), and USDT */
  inr: string;
  held: string;
  usdt: string;
  /** the other coins' value in rupees, exact (each amount × its price, unrounded) */
  coins?: string;
}

export interface OverviewInput {
  now: Holdings;
  rateNow: string;
  open: Holdings;
  rateOpen: string;
  /** deposits credited − withdrawals paid out since 00:00 IST, rupees */
  netFlows: string;
}

export interface OverviewFigures {
  totalBalanceInr: string;
  dayOpenValueInr: string;
  todaysPnlInr: string;
  todaysPnlPercent: string;
}

/** The figures from holdings and rates, exact until the one rounding of each result. */
export function computeOverview(input: OverviewInput): OverviewFigures {
  // One scale holds every product exactly: USDT has 8 places, a rate up to 20.
  const scale = Math.max(
    USDT_DECIMALS + Math.max(2, fractionDigits(input.rateNow), fractionDigits(input.rateOpen)),
    fractionDigits(input.now.coins ?? '0'),
    fractionDigits(input.open.coins ?? '0'),
  );
  const rateScale = scale - USDT_DECIMALS;
  const value = (h: Holdings, rate: string): bigint =>
    decimalToUnits(h.inr, scale) +
    decimalToUnits(h.held, scale) +
    decimalToUnits(h.usdt, USDT_DECIMALS) * decimalToUnits(rate, rateScale) +
    decimalToUnits(h.coins ?? '0', scale);
  const now = value(input.now, input.rateNow);
  const open = value(input.open, input.rateOpen);
  const pnl = now - open - decimalToUnits(input.netFlows, scale);
  const text = (units: bigint) => unitsToDecimal(units, scale);
  return {
    // What is held is rounded down, as every other value of holdings is (spot/balances.ts), so
    // the dashboard's total and the assets card's add up alike; the day's change half up.
    totalBalanceInr: divideDecimal(text(now), '1', 2, 'down'),
    dayOpenValueInr: divideDecimal(text(open), '1', 2, 'down'),
    todaysPnlInr: divideDecimal(text(pnl), '1', 2),
    todaysPnlPercent: open === 0n ? '0.00' : divideDecimal(text(pnl * 100n), text(open), 2),
  };
}

interface HoldingsRow {
  [key: string]: unknown;
  /** INR available, and available + reserved by open spot orders */
  inr_available: string;
  inr: string;
  held: string;
  /** USDT available, and everything owned: available + reserved + held */
  usdt_available: string;
  usdt: string;
  inr_open: string;
  held_open: string;
  usdt_open: string;
  net_flows: string;
  usdt_flows: string;
  /** every other coin the user has a wallet of: owned now and at dayStart */
  coins: Array<{ coin: string; now: string; open: string }>;
}

/**
 * The user's holdings now and at `dayStart`, and the day's deposits and payouts, in one
 * statement. The balances at dayStart are the stored balance_after of each account's last
 * entry before it (migration 015): index lookups that walk back over today's entries only.
 * The cut is by ledger id (the last INR entry created before dayStart), so the opening
 * balances and the flows after them split the entries exactly. user_id is bounded by a range
 * so the lookups walk the user's index, never the whole ledger (money/statement.ts, NEWEST_FIRST).
 * A coin's 'user' account holds what is reserved too (migration 021); 'user_held' what a
 * withdrawal in flight holds.
 */
async function readHoldings(db: Queryable, userId: string, dayStart: Date): Promise<HoldingsRow> {
  const rows = await db.query<HoldingsRow>(
    `WITH cut AS (
       SELECT (SELECT l.id FROM ledger_entries l
                WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = 'INR' AND l.created_at < $2
                ORDER BY l.user_id DESC, l.id DESC LIMIT 1) AS inr_id
     ),
     coin_open AS (
       SELECT w.coin_symbol AS coin, (w.balance + w.reserved + w.held) AS now,
              coalesce((SELECT l.balance_after FROM ledger_entries l
                         WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = w.coin_symbol
                           AND l.account = 'user' AND l.created_at < $2
                         ORDER BY l.user_id DESC, l.id DESC LIMIT 1), 0)
            + coalesce((SELECT l.balance_after FROM ledger_entries l
                         WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = w.coin_symbol
                           AND l.account = 'user_held' AND l.created_at < $2
                         ORDER BY l.user_id DESC, l.id DESC LIMIT 1), 0) AS open
         FROM wallets w WHERE w.user_id = $1
     )
     SELECT u.balance::text AS inr_available, (u.balance + u.inr_reserved)::text AS inr,
            u.inr_held::text AS held,
            coalesce(w.balance, 0)::text AS usdt_available,
            coalesce(usdt.now, 0)::text AS usdt,
            coalesce((SELECT l.balance_after FROM ledger_entries l
                       WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = 'INR'
                         AND l.account = 'user' AND l.id <= cut.inr_id
                       ORDER BY l.user_id DESC, l.id DESC LIMIT 1), 0)::text AS inr_open,
            coalesce((SELECT l.balance_after FROM ledger_entries l
                       WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = 'INR'
                         AND l.account = 'user_held' AND l.id <= cut.inr_id
                       ORDER BY l.user_id DESC, l.id DESC LIMIT 1), 0)::text AS held_open,
            coalesce(usdt.open, 0)::text AS usdt_open,
            -- deposits credit 'user'; payouts leave 'user_held'; holds and releases move
            -- between the user's two accounts and are no flow
            (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l
              WHERE l.user_id = $1 AND l.asset = 'INR' AND l.id > coalesce(cut.inr_id, 0)
                AND l.operation_type IN ('deposit', 'withdrawal_payout'))::text AS net_flows,
            -- USDT received on chain today, less USDT sent on chain (its amount: the network
            -- fee the house keeps is a cost of the day, not a flow), as INR deposits and payouts
            ((SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l
               WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = 'USDT'
                 AND l.account = 'user' AND l.created_at >= $2
                 AND l.operation_type = 'chain_deposit')
             - (SELECT coalesce(sum(c.amount), 0) FROM ledger_entries l
                  JOIN ledger_entries c ON c.operation_id = l.operation_id AND c.asset = 'USDT'
                                       AND c.account = 'chain_clearing'
                 WHERE l.user_id >= $1 AND l.user_id <= $1 AND l.asset = 'USDT'
                   AND l.account = 'user_held' AND l.created_at >= $2
                   AND l.operation_type = 'chain_withdrawal_payout'))::text AS usdt_flows,
            coalesce((SELECT json_agg(json_build_object('coin', o.coin, 'now', o.now::text,
                                                        'open', o.open::text) ORDER BY o.coin)
                        FROM coin_open o WHERE o.coin <> 'USDT'), '[]'::json) AS coins
       FROM users u
       CROSS JOIN cut
       LEFT JOIN wallets w ON w.user_id = u.id AND w.coin_symbol = 'USDT'
       LEFT JOIN coin_open usdt ON usdt.coin = 'USDT'
      WHERE u.id = $1`,
    [userId, dayStart],
  );
  return rows[0]!;
}

export type DayOpenSource = 'tick' | 'candle';

/** Where the rate at 00:00 IST can come from when no instance has recorded it yet. */
export interface RateFeed {
  /** the server's current USDT/INR rate (money/rate.ts) */
  currentRate(): string;
  /** the feed's 1-minute USDTINR candles, oldest first, when it has them */
  minuteCandles(): Candle[] | undefined;
  /** another coin's last INR price from the feed; null when the feed has none */
  coinPrice(coin: string): string | null;
  /** that coin's 1-minute INR candles, oldest first, when the feed has them */
  coinMinuteCandles(coin: string): Candle[] | undefined;
}

/** The feed's 1-minute candle that opened at `start` (ms), when it has one. */
function midnightCandle(candles: Candle[] | undefined, start: number): Candle | undefined {
  return candles?.find((c) => c.time * 1000 >= start && c.time * 1000 < start + 60_000);
}

/** Exact: a coin's 8 places times a feed price's places fit in this many. */
const COIN_VALUE_SCALE = 18;

/**
 * The other coins' value now and at `dayStart`, exact. A coin's price at dayStart is the open
 * of the feed's 1-minute candle at midnight; without it, today's price (as for USDT: a coin
 * held since midnight then shows no change rather than an invented one). A coin the feed has
 * no price for counts at neither time.
 */
function coinValues(
  coins: HoldingsRow['coins'],
  feed: RateFeed,
  dayStart: Date,
): { now: string; open: string } {
  let now = '0';
  let open = '0';
  const start = dayStart.getTime();
  for (const c of coins) {
    const price = feed.coinPrice(c.coin);
    if (!price) continue;
    const candle = midnightCandle(feed.coinMinuteCandles(c.coin), start);
    const fromCandle = candle ? decimalFromNumber(candle.open, 8) : null;
    const openPrice = fromCandle && isPositiveDecimal(fromCandle) ? fromCandle : price;
    now = addDecimal(now, multiplyDecimal(c.now, price, COIN_VALUE_SCALE), COIN_VALUE_SCALE);
    open = addDecimal(open, multiplyDecimal(c.open, openPrice, COIN_VALUE_SCALE), COIN_VALUE_SCALE);
  }
  return { now, open };
}

/** A freshly seen price counts as the day's opening one this long after midnight. */
const OPEN_BY_TICK_MS = 5 * 60_000;

/**
 * The USDT/INR rate at `dayStart`: the recorded one (usdt_inr_day_opens), else the open of
 * the feed's 1-minute candle at midnight (recorded for every instance), else, within five
 * minutes of midnight, the current rate (recorded). Otherwise the current rate, not recorded:
 * an instance that started later in the day cannot know the midnight price, and USDT held
 * since midnight then shows no price change rather than an invented one.
 */
export async function dayOpenRate(
  db: Queryable,
  feed: RateFeed,
  now: Date,
): Promise<{ rate: string; recorded: boolean }> {
  const day = istDate(now);
  const known = await db.query<{ rate: string }>(
    `SELECT rate::text AS rate FROM usdt_inr_day_opens WHERE day = $1::date`,
    [day],
  );
  if (known[0]) return { rate: known[0].rate, recorded: true };
  const start = istDayStart(now).getTime();
  const candle = midnightCandle(feed.minuteCandles(), start);
  const fromCandle = candle ? decimalFromNumber(candle.open, 2) : null;
  let found: { rate: string; source: DayOpenSource } | null = null;
  if (fromCandle && fromCandle !== '0.00') found = { rate: fromCandle, source: 'candle' };
  else if (now.getTime() - start < OPEN_BY_TICK_MS) {
    found = { rate: feed.currentRate(), source: 'tick' };
  }
  if (!found) return { rate: feed.currentRate(), recorded: false };
  // The first instance to record a day wins; every instance then reads that figure.
  const stored = await db.query<{ rate: string }>(
    `WITH ins AS (
       INSERT INTO usdt_inr_day_opens (day, rate, source) VALUES ($1::date, $2::numeric, $3)
       ON CONFLICT (day) DO NOTHING RETURNING rate)
     SELECT rate::text AS rate FROM ins
     UNION ALL SELECT rate::text FROM usdt_inr_day_opens WHERE day = $1::date
     LIMIT 1`,
    [day, found.rate, found.source],
  );
  return { rate: stored[0]?.rate ?? found.rate, recorded: true };
}

/** GET /api/me/overview for the user at the server's `now`. */
export async function overview(
  db: Queryable,
  userId: string,
  feed: RateFeed,
  now: Date,
): Promise<OverviewResponse> {
  const dayStart = istDayStart(now);
  const [h, open] = await Promise.all([
    readHoldings(db, userId, dayStart),
    dayOpenRate(db, feed, now),
  ]);
  const rateNow = feed.currentRate();
  // USDT deposited on chain today counts at today's rate: its price move is no profit or loss
  // of the day, as an INR deposit's amount is none. Exact: the product's own scale.
  const flowScale = USDT_DECIMALS + fractionDigits(rateNow);
  const netFlows = addDecimal(
    h.net_flows,
    multiplyDecimal(h.usdt_flows, rateNow, flowScale),
    flowScale,
  );
  const coins = coinValues(h.coins, feed, dayStart);
  const figures = computeOverview({
    now: { inr: h.inr, held: h.held, usdt: h.usdt, coins: coins.now },
    rateNow,
    open: { inr: h.inr_open, held: h.held_open, usdt: h.usdt_open, coins: coins.open },
    rateOpen: open.rate,
    netFlows,
  });
  return {
    ...figures,
    inrAvailable: h.inr_available,
    inrHeld: h.held,
    usdt: h.usdt_available,
    otherCoinsInr: divideDecimal(coins.now, '1', 2, 'down'),
    usdtInrRate: rateNow,
    dayStart: dayStart.toISOString(),
    dayOpenRate: open.rate,
    netFlowsInr: divideDecimal(netFlows, '1', 2),
  };
}

/** The app's feed as the overview reads it: the quick trade's rate and the USDTINR candles. */
export function appRateFeed(app: FastifyInstance): RateFeed {
  return {
    currentRate: () => usdtInrRate(app),
    minuteCandles: () =>
      app.hasDecorator('market') ? app.market.getCandles('USDTINR', '1m', 1440) : undefined,
    coinPrice: (coin) =>
      app.hasDecorator('market') ? app.market.getPriceText(`${coin}INR`) : null,
    coinMinuteCandles: (coin) =>
      app.hasDecorator('market') ? app.market.getCandles(`${coin}INR`, '1m', 1440) : undefined,
  };
}

/**
 * Records each India day's opening USDT/INR rate from the first tick this instance sees on
 * that day, so Today's PnL has it even when nobody opens the overview around midnight.
 * Register after the market plugin.
 */
export function recordDayOpens(app: FastifyInstance): void {
  if (!app.hasDecorator('market')) return;
  let lastDay: string | null = null;
  const feed = appRateFeed(app);
  app.market.on('tick', () => {
    const now = app.clock();
    const day = istDate(now);
    if (day === lastDay) return;
    lastDay = day;
    dayOpenRate(app.db, feed, now).catch((err: unknown) => {
      app.log.warn({ err }, 'could not record the day’s opening USDT/INR rate');
    });
  });
}
