import {
  compareDecimal,
  roundDecimal,
  spotMessages,
  trimDecimal,
  type SpotCancelReason,
  type SpotOrder,
  type SpotOrderStatus,
} from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';

/** Why an order was cancelled, in words (contracts spotCancelReasons). */
export const cancelReasonText: Record<SpotCancelReason, string> = {
  user: 'cancelled by you',
  ioc: 'the rest could not fill at once (IOC)',
  fok: 'it could not fill in full at once (FOK)',
  post_only: 'a post-only order would have traded at once',
  stp: 'it would have traded with your own order',
  no_liquidity: 'no orders on the book to trade with',
  funds: 'not enough balance',
};

export const statusText: Record<SpotOrderStatus, string> = {
  new: 'New',
  open: 'Open',
  partially_filled: 'Partially filled',
  filled: 'Filled',
  cancelled: 'Cancelled',
};

/** The base coin of a market symbol ('BTC-INR' → 'BTC'). */
export const baseOf = (market: string): string => market.split('-')[0] ?? market;

/** 'BTC-INR' → 'BTC/INR', as the pair header writes pairs. */
export const pairOf = (market: string): string => market.replace('-', '/');

/**
 * An amount of coins, en-IN grouped: as the server wrote it without trailing zeros, or with
 * exactly `places` places (a column of the book, so its digits line up).
 */
export function formatCoins(
  value: string | null | undefined,
  base?: string,
  places?: number,
): string {
  if (!value) return '—';
  const written = places === undefined ? trimDecimal(value) : roundDecimal(value, places, 'down');
  const [whole = '0', fraction] = written.split('.');
  const grouped = new Intl.NumberFormat('en-IN').format(BigInt(whole));
  return `${grouped}${fraction ? `.${fraction}` : ''}${base ? ` ${base}` : ''}`;
}

export const hasFills = (order: Pick<SpotOrder, 'filledQuantity'>): boolean =>
  compareDecimal(order.filledQuantity, '0') > 0;

/**
 * The toast after a submit: what the engine did with the order (filled, placed on the book,
 * partly filled, cancelled and why).
 */
export function orderOutcome(order: SpotOrder): {
  tone: 'success' | 'info' | 'error';
  text: string;
} {
  const base = baseOf(order.market);
  const verb = order.side === 'buy' ? 'Bought' : 'Sold';
  const filled = `${verb} ${formatCoins(order.filledQuantity, base)}${
    order.averagePrice ? ` at ${formatInr(order.averagePrice)}` : ''
  }`;
  switch (order.status) {
    case 'filled':
      return { tone: 'success', text: `${spotMessages.filled}. ${filled}.` };
    case 'partially_filled':
      return {
        tone: 'success',
        text: `Order partly filled. ${filled}; the rest waits on the book.`,
      };
    case 'new':
    case 'open':
      return {
        tone: 'success',
        text: `${spotMessages.placed}: ${order.side} ${formatCoins(order.quantity, base)} at ${formatInr(order.price)}.`,
      };
    case 'cancelled': {
      const reason = order.cancelReason ? cancelReasonText[order.cancelReason] : null;
      const why = reason ? `: ${reason}` : '';
      return hasFills(order)
        ? { tone: 'info', text: `${filled}; the rest was cancelled${why}.` }
        : { tone: 'error', text: `${spotMessages.cancelled}${why}.` };
    }
  }
}
