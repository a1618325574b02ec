import { toast } from 'sonner';
import { Link } from 'react-router';
import type { SpotOrder } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { Button } from '@/components/ui/button.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCancelAllSpotOrders } from '@/features/spot/api/cancel-all-spot-orders.ts';
import { useCancelSpotOrder } from '@/features/spot/api/cancel-spot-order.ts';
import { useSpotOrders } from '@/features/spot/api/get-spot-orders.ts';
import {
  amountText,
  filledText,
  marketText,
  OrderStatus,
  priceText,
  SideLabel,
} from './order-cells.tsx';

const OPEN_FILTER = { page: 1, status: 'open', market: 'all', side: 'all' } as const;

/**
 * The signed-in user's open orders under the form (every market), each with Cancel, and
 * Cancel all. Kept live by the spot account's invalidations (submit, cancel, `spotOrders`,
 * `balance`).
 */
export function OpenOrders() {
  const orders = useSpotOrders(OPEN_FILTER);
  const cancel = useCancelSpotOrder();
  const cancelAll = useCancelAllSpotOrders();
  const items = orders.data?.items ?? [];

  async function cancelOne(order: SpotOrder) {
    try {
      await cancel.mutateAsync(order.id);
      toast.success(`Order cancelled: ${order.side} ${amountText(order)} at ${priceText(order)}.`);
    } catch (err) {
      toast.error(errorMessage(err, 'The order could not be cancelled.'));
    }
  }

  async function cancelEvery() {
    try {
      const { cancelled } = await cancelAll.mutateAsync(undefined);
      toast.success(cancelled === 1 ? '1 order cancelled.' : `${cancelled} orders cancelled.`);
    } catch (err) {
      toast.error(errorMessage(err, 'The orders could not be cancelled.'));
    }
  }

  const cancelButton = (o: SpotOrder) => (
    <Button
      variant="outline"
      size="sm"
      className="h-7 px-2.5 text-xs"
      onClick={() => void cancelOne(o)}
      disabled={cancel.isPending && cancel.variables === o.id}
      aria-label={`Cancel ${o.side} ${amountText(o)} at ${priceText(o)}`}
    >
      Cancel
    </Button>
  );

  const columns: ReadonlyArray<TableColumn<SpotOrder>> = [
    {
      header: 'Date',
      className: 'whitespace-nowrap text-muted',
      cell: (o) => <DateTime iso={o.createdAt} />,
    },
    { header: 'Market', className: 'whitespace-nowrap text-ink', cell: marketText },
    { header: 'Side', cell: (o) => <SideLabel side={o.side} /> },
    {
      header: 'Price',
      right: true,
      className: 'tabular-nums text-ink whitespace-nowrap',
      cell: priceText,
    },
    {
      header: 'Amount',
      right: true,
      className: 'tabular-nums text-ink whitespace-nowrap',
      cell: amountText,
    },
    {
      header: 'Filled',
      right: true,
      className: 'tabular-nums text-muted whitespace-nowrap',
      cell: filledText,
    },
    { header: 'Status', right: true, cell: (o) => <OrderStatus order={o} /> },
    { header: <span className="sr-only">Actions</span>, right: true, cell: cancelButton },
  ];

  return (
    <section aria-labelledby="open-orders-heading" data-testid="spot-open-orders">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2.5">
        <h2 id="open-orders-heading" className="text-sm font-semibold text-ink">
          Open orders{orders.data ? ` (${orders.data.total})` : ''}
        </h2>
        <div className="flex items-center gap-3">
          <Link
            to={paths.dashboard.spotOrders}
            className="text-xs font-medium text-accent hover:text-accent-hover"
          >
            Order history
          </Link>
          {items.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2.5 text-xs text-down hover:text-down"
              onClick={() => void cancelEvery()}
              disabled={cancelAll.isPending}
            >
              Cancel all
            </Button>
          ) : null}
        </div>
      </div>
      <div className="px-4 pb-2">
        {orders.isPending ? (
          <div role="status" aria-label="Loading open orders" className="space-y-2 py-3">
            {[0, 1].map((i) => (
              <div key={i} className="h-8 animate-shimmer rounded-lg bg-raised" />
            ))}
          </div>
        ) : orders.isError && !orders.data ? (
          <p role="alert" className="py-4 text-sm text-down">
            {errorMessage(orders.error, 'Your open orders could not be loaded.')}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">You have no open orders.</p>
        ) : (
          <ResponsiveTable
            layout="page"
            label="Open orders"
            columns={columns}
            rows={items}
            rowKey={(o) => o.id}
            cardClassName="py-3"
            card={(o) => (
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 text-sm">
                  <p className="flex items-center gap-2">
                    <SideLabel side={o.side} />
                    <span className="text-ink">{marketText(o)}</span>
                    <OrderStatus order={o} />
                  </p>
                  <p className="mt-1 text-xs text-muted tabular-nums">
                    {amountText(o)} at {priceText(o)} · filled {filledText(o)}
                  </p>
                </div>
                {cancelButton(o)}
              </div>
            )}
          />
        )}
      </div>
    </section>
  );
}
