import {
  decimalToUnits,
  fractionDigits,
  SPOT_MARKET_SPECS,
  SPOT_QUOTE,
  trimDecimal,
  unitsToDecimal,
  type SpotMarket,
} from '@sikka/contracts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';

/**
 * One configured spot market and the conversions between the API's decimal strings and the
 * engine's integer units (price = ticks × tickSize, quantity = lots × lotSize). Conversions
 * go through BigInt at a fixed scale: no float ever holds a price or an amount.
 */
export interface SpotMarketDef extends SpotMarket {
  /** The advisory lock key of the market's engine (ADR 018). */
  lockKey: number;
  /** The feed's market id of the coin, for the market maker's reference price. */
  feedId: string;
  /** Largest price (ticks) and quantity (lots) an order may have: their product stays a safe integer. */
  maxPriceTicks: number;
  /**
   * Smallest price (ticks) an order may have: one lot is worth at least MIN_LOT_VALUE there, so
   * every fill moves at least that much and a seller's INR never goes down on one (docs/money.md).
   */
  minPriceTicks: number;
  maxLots: number;
}

const SCALE = 18;
const units = (v: string): bigint => decimalToUnits(v, SCALE, 'down');

/**
 * What one lot must be worth at an order's price: five paise. A fill then adds at least four
 * paise to the seller's rounded-down value, more than the paisa each that the fee and the TDS,
 * rounded up, can add; below it, a fill worth less than two paise took the seller's INR down.
 */
export const MIN_LOT_VALUE = '0.05';

/**
 * A market's tick and lot sizes, read once each: every order and every book level converts
 * through them. (A handful of configured sizes, so the cache stays that small.)
 */
const sizes = new Map<string, { units: bigint; places: number; placeUnits: bigint }>();
function sizeOf(size: string) {
  let s = sizes.get(size);
  if (!s) {
    const places = fractionDigits(trimDecimal(size));
    s = { units: units(size), places, placeUnits: decimalToUnits(size, places) };
    sizes.set(size, s);
  }
  return s;
}

/** value / size when it is a whole number within `max`; null when not a multiple. */
export function toUnits(value: string, size: string, max: number): number | 'too_large' | null {
  const v = units(value);
  const s = sizeOf(size).units;
  if (v % s !== 0n) return null;
  const n = v / s;
  if (n > BigInt(max)) return 'too_large';
  return Number(n);
}

/** n × size as a decimal string with the size's places. */
export function fromUnits(n: number | bigint | string, size: string): string {
  const { places, placeUnits } = sizeOf(size);
  return unitsToDecimal(BigInt(n) * placeUnits, places);
}

// A stable, small lock key space per market: 0x5350_0000 ("SP") + index.
const LOCK_BASE = 0x53500000;

export function spotMarkets(config: Config): SpotMarketDef[] {
  return config.SPOT_COINS.map((coin, i) => {
    const spec = SPOT_MARKET_SPECS[coin]!;
    const tickPlaces = fractionDigits(trimDecimal(spec.tickSize));
    const lotPlaces = fractionDigits(trimDecimal(spec.lotSize));
    // ₹10 crore a coin and a quantity worth at most ~₹100 crore at that price keep
    // ticks × lots (the engine's quote units) below 2^53.
    const maxPriceTicks = Number(units('100000000') / units(spec.tickSize));
    const maxLots = Math.floor(Number.MAX_SAFE_INTEGER / maxPriceTicks);
    // Ticks × tick × lot ≥ MIN_LOT_VALUE, in units of 10⁻¹⁸ (all three are exact there).
    const lotAtOneTick = (units(spec.tickSize) * units(spec.lotSize)) / 10n ** BigInt(SCALE);
    const minValue = units(MIN_LOT_VALUE);
    const minPriceTicks = Number((minValue + lotAtOneTick - 1n) / lotAtOneTick);
    return {
      symbol: `${coin}-${SPOT_QUOTE}`,
      base: coin,
      quote: SPOT_QUOTE,
      name: spec.name,
      tickSize: spec.tickSize,
      lotSize: spec.lotSize,
      minOrderValue: spec.minOrderValue,
      priceDecimals: tickPlaces,
      quantityDecimals: lotPlaces,
      lockKey: LOCK_BASE + i,
      feedId: `${coin}${SPOT_QUOTE}`,
      maxPriceTicks,
      minPriceTicks,
      maxLots,
    };
  });
}

/** Writes the configured markets (sizes and current fee rates); each order keeps its own rates. */
export async function upsertMarkets(
  db: Queryable,
  markets: SpotMarketDef[],
  config: Config,
): Promise<void> {
  for (const m of markets) {
    await db.query(
      `INSERT INTO spot_markets (symbol, base, tick_size, lot_size, min_order_value, maker_fee,
                                 taker_fee, tds_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (symbol) DO UPDATE SET tick_size = EXCLUDED.tick_size,
         lot_size = EXCLUDED.lot_size, min_order_value = EXCLUDED.min_order_value,
         maker_fee = EXCLUDED.maker_fee, taker_fee = EXCLUDED.taker_fee,
         tds_rate = EXCLUDED.tds_rate, updated_at = now()
       WHERE (spot_markets.tick_size, spot_markets.lot_size, spot_markets.min_order_value,
              spot_markets.maker_fee, spot_markets.taker_fee, spot_markets.tds_rate)
         IS DISTINCT FROM (EXCLUDED.tick_size, EXCLUDED.lot_size, EXCLUDED.min_order_value,
              EXCLUDED.maker_fee, EXCLUDED.taker_fee, EXCLUDED.tds_rate)`,
      [
        m.symbol,
        m.base,
        m.tickSize,
        m.lotSize,
        m.minOrderValue,
        config.SPOT_MAKER_FEE,
        config.SPOT_TAKER_FEE,
        config.TDS_RATE,
      ],
    );
  }
}
