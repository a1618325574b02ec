import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListOrdered } from 'lucide-react';
import type { SpotOrder, SpotSide } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { Pager } from '@/components/ui/pager.tsx';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { pageCount } from '@/lib/paging.ts';
import { useSpotMarkets } from '@/lib/spot/get-spot-markets.ts';
import { useSpotAccountLive } from '@/lib/spot/use-spot-account-live.ts';
import { useSpotOrders, type SpotOrdersFilter } from '@/features/spot/api/get-spot-orders.ts';
import { OrderDetailDialog } from '@/features/spot/components/order-detail-dialog.tsx';
import {
  amountText,
  filledText,
  marketText,
  OrderStatus,
  priceText,
  SideLabel,
} from '@/features/spot/components/order-cells.tsx';
import { formatInr } from '@/lib/format.ts';

const statusOptions = [
  { value: 'all', label: 'All orders' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;
const sideOptions = [
  { value: 'all', label: 'Buy and sell' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;

/**
 * Spot Orders (/dashboard/orders/spot, when the exchange runs): the user's orders newest
 * first, filtered by status, market and side, 20 a page; each opens its fills.
 */
export default function SpotOrdersPage() {
  const markets = useSpotMarkets();
  const [status, setStatus] = useState<SpotOrdersFilter['status']>('all');
  const [market, setMarket] = useState('all');
  const [side, setSide] = useState<SpotOrdersFilter['side']>('all');
  // A page belongs to one filter: a new filter starts from page 1 in the same render.
  const filterKey = `${status}|${market}|${side}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const [open, setOpen] = useState<SpotOrder | null>(null);

  useSpotAccountLive(true);
  // The route keeps the overview's title (the page it is when the exchange is off).
  useEffect(() => {
    const before = document.title;
    document.title = 'Spot Orders · Sikka';
    return () => {
      document.title = before;
    };
  }, []);
  const orders = useSpotOrders({ page, status, market, side });
  const data = orders.data;
  const count = data ? pageCount(data.pageSize, data.total) : 1;
  const lastPage = data && page > count ? count : null;
  useEffect(() => {
    if (lastPage !== null) setPaging({ filterKey, page: lastPage });
  }, [lastPage, filterKey]);

  const marketOptions = [
    { value: 'all', label: 'All markets' },
    ...(markets.data?.markets ?? []).map((m) => ({
      value: m.symbol,
      label: m.symbol.replace('-', '/'),
    })),
  ];
  const filtered = status !== 'all' || market !== 'all' || side !== 'all';

  const details = (o: SpotOrder) => (
    <Button
      variant="outline"
      size="sm"
      className="h-7 px-2.5 text-xs"
      onClick={() => setOpen(o)}
      aria-label={`Details of the ${o.side} order of ${amountText(o)}`}
    >
      Details
    </Button>
  );

  const columns: ReadonlyArray<TableColumn<SpotOrder>> = [
    {
      header: 'Date',
      className: 'whitespace-nowrap text-muted',
      cell: (o) => <DateTime iso={o.createdAt} />,
    },
    { header: 'Market', className: 'whitespace-nowrap text-ink', cell: marketText },
    {
      header: 'Side',
      cell: (o) => (
        <>
          <SideLabel side={o.side} />
          <span className="block text-xs text-subtle capitalize">{o.type}</span>
        </>
      ),
    },
    { header: 'Price', right: true, className: 'whitespace-nowrap tabular-nums', cell: priceText },
    {
      header: 'Amount',
      right: true,
      className: 'whitespace-nowrap tabular-nums text-ink',
      cell: amountText,
    },
    {
      header: 'Filled',
      right: true,
      className: 'whitespace-nowrap tabular-nums text-muted',
      cell: (o) => (
        <>
          {filledText(o)}
          {o.averagePrice ? (
            <span className="block text-xs text-subtle">avg {formatInr(o.averagePrice)}</span>
          ) : null}
        </>
      ),
    },
    { header: 'Status', right: true, cell: (o) => <OrderStatus order={o} /> },
    { header: <span className="sr-only">Actions</span>, right: true, cell: details },
  ];

  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Spot Orders</h1>
      <p className="mt-1.5 text-sm text-muted md:text-base">
        Every order you have placed on the exchange, with its fills.
      </p>

      <section className="mt-6 rounded-2xl border border-line bg-surface p-4 md:p-5">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
          <SelectField
            label="Status"
            hideLabel
            options={statusOptions}
            value={status}
            onChange={(e) => setStatus(e.target.value as SpotOrdersFilter['status'])}
          />
          <SelectField
            label="Market"
            hideLabel
            options={marketOptions}
            value={market}
            onChange={(e) => setMarket(e.target.value)}
          />
          <SelectField
            label="Side"
            hideLabel
            options={sideOptions}
            value={side}
            onChange={(e) => setSide(e.target.value as SpotSide | 'all')}
            className="col-span-2 md:col-span-1"
          />
        </div>

        <div className="mt-4" aria-busy={orders.isFetching}>
          {orders.isPending ? (
            <div role="status" aria-label="Loading orders" className="space-y-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-11 animate-shimmer rounded-lg bg-raised" />
              ))}
            </div>
          ) : orders.isError && !data ? (
            <p
              role="alert"
              className="rounded-lg border border-down/30 bg-down/10 p-4 text-sm text-down"
            >
              {errorMessage(orders.error, 'Failed to fetch your orders')}
            </p>
          ) : data && data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center">
              <ListOrdered className="size-8 text-subtle" aria-hidden="true" />
              <p className="font-medium text-ink">No orders found</p>
              {filtered ? (
                <p className="text-sm text-muted">Try another filter.</p>
              ) : (
                <Link to={paths.trade} className={buttonClasses('primary', 'sm', 'mt-2')}>
                  Place your first order
                </Link>
              )}
            </div>
          ) : data ? (
            <ResponsiveTable
              layout="page"
              label="Spot order history"
              columns={columns}
              rows={data.items}
              rowKey={(o) => o.id}
              cardClassName="py-3"
              card={(o) => (
                <>
                  <div className="flex items-center justify-between gap-3">
                    <p className="flex min-w-0 items-center gap-2 text-sm">
                      <SideLabel side={o.side} />
                      <span className="text-ink">{marketText(o)}</span>
                      <span className="text-xs text-subtle capitalize">{o.type}</span>
                    </p>
                    <OrderStatus order={o} />
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-subtle">Price</dt>
                    <dd className="text-right tabular-nums text-ink">{priceText(o)}</dd>
                    <dt className="text-subtle">Amount</dt>
                    <dd className="text-right tabular-nums text-ink">{amountText(o)}</dd>
                    <dt className="text-subtle">Filled</dt>
                    <dd className="text-right tabular-nums text-muted">{filledText(o)}</dd>
                    <dt className="text-subtle">Date</dt>
                    <dd className="text-right text-muted">
                      <DateTime iso={o.createdAt} />
                    </dd>
                  </dl>
                  <div className="mt-2 flex justify-end">{details(o)}</div>
                </>
              )}
            />
          ) : null}
        </div>

        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
            variant="numbers"
            selected={page}
            className="mt-4 border-t border-line pt-4"
          />
        ) : null}
      </section>
      <OrderDetailDialog order={open} onClose={() => setOpen(null)} />
    </div>
  );
}
