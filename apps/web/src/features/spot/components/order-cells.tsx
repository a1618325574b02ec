import { clsx } from 'clsx';
import type { SpotOrder } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import {
  baseOf,
  cancelReasonText,
  formatCoins,
  pairOf,
  statusText,
} from '@/features/spot/lib/order-text.ts';

/** Shared cells of the open-orders list and the order history. */

export function SideLabel({ side }: { side: SpotOrder['side'] }) {
  return (
    <span className={clsx('font-semibold', side === 'buy' ? 'text-up' : 'text-down')}>
      {side === 'buy' ? 'Buy' : 'Sell'}
    </span>
  );
}

const tones: Record<SpotOrder['status'], string> = {
  new: 'bg-accent/12 text-accent ring-accent/30',
  open: 'bg-accent/12 text-accent ring-accent/30',
  partially_filled: 'bg-accent/12 text-accent ring-accent/30',
  filled: 'bg-up/12 text-up ring-up/30',
  cancelled: 'bg-raised text-muted ring-line-strong',
};

/** The status as a pill; a cancelled order's reason on hover (and in the detail). */
export function OrderStatus({ order }: { order: SpotOrder }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[order.status],
      )}
      title={order.cancelReason ? cancelReasonText[order.cancelReason] : undefined}
      data-testid="spot-order-status"
    >
      {statusText[order.status]}
    </span>
  );
}

/** Limit price, or 'Market'. */
export const priceText = (order: SpotOrder): string =>
  order.price ? formatInr(order.price) : 'Market';

/** The coins ordered, or the INR a market buy spends at most. */
export const amountText = (order: SpotOrder): string =>
  order.quantity
    ? formatCoins(order.quantity, baseOf(order.market))
    : order.quoteAmount
      ? `${formatInr(order.quoteAmount)} worth`
      : '—';

export const filledText = (order: SpotOrder): string =>
  formatCoins(order.filledQuantity, baseOf(order.market));

export const marketText = (order: SpotOrder): string => pairOf(order.market);
