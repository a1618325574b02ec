import { messages, type Coin } from '@sikka/contracts';
import { TickerError, type Quote } from './types.ts';

/** A plain decimal (no sign, no exponent), safe to hand to SQL numeric as a rate. */
const DECIMAL_TEXT = /^\d{1,18}(\.\d{1,18})?$/;

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function toDecimalText(value: unknown): string | null {
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value) && DECIMAL_TEXT.test(String(value))) {
    return String(value);
  }
  return null;
}

/** 'btcinr' → 'btc'; left whole when nothing would remain. */
function withoutInr(text: string): string {
  const stripped = text.replace(/inr$/i, '');
  return stripped === '' ? text : stripped;
}

/**
 * Display name of a market code (PRODUCT.md §3 "Coin"): the part before '_' (the whole code
 * if there is none), with a trailing 'inr' removed for display.
 */
export function coinName(market: string): string {
  const head = market.split('_')[0] ?? market;
  return withoutInr(head === '' ? market : head);
}

/**
 * Maps a CoinDCX-shaped ticker body to quotes (PRODUCT.md §5 "Ticker response"): it must be
 * an array; only markets ending with INR are kept; an empty result is an error. Every field
 * of an item is optional: volume and change default to 0, high/low to null; an item without a
 * usable price is left out, because a coin without a price can be neither shown nor traded.
 */
export function mapCoinDcxTickers(data: unknown): Quote[] {
  if (!Array.isArray(data)) throw new TickerError(messages.ticker.invalidFormat);
  const seen = new Set<string>();
  const quotes: Quote[] = [];
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    const market = typeof raw.market === 'string' ? raw.market.trim() : '';
    if (!market.endsWith('INR') || seen.has(market)) continue;
    const price = toNumber(raw.last_price);
    if (price === null || price < 0) continue;
    seen.add(market);
    const name = coinName(market);
    const coin: Coin = {
      id: market,
      name,
      symbol: name.toUpperCase(),
      price,
      market_cap: 0,
      volume: toNumber(raw.volume) ?? 0,
      price_change_percentage_24h: toNumber(raw.change_24_hour) ?? 0,
      image: '',
      high_24h: toNumber(raw.high),
      low_24h: toNumber(raw.low),
    };
    quotes.push({ coin, priceText: toDecimalText(raw.last_price) });
  }
  if (quotes.length === 0) throw new TickerError(messages.ticker.noData);
  return quotes;
}
