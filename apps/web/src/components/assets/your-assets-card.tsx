import type { ReactNode } from 'react';
import { Coins } from 'lucide-react';
import { compareDecimal, trimDecimal, type SpotAssetBalance } from '@sikka/contracts';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatInr } from '@/lib/format.ts';
import { useSpotBalances } from '@/lib/spot/get-spot-balances.ts';
import { useSpotAccountLive } from '@/lib/spot/use-spot-account-live.ts';

/** An amount as the server wrote it, trailing zeros dropped, Indian grouping. */
function amount(value: string, asset: string): string {
  if (asset === 'INR') return formatInr(value);
  const [whole = '0', fraction] = trimDecimal(value).split('.');
  const grouped = new Intl.NumberFormat('en-IN').format(BigInt(whole));
  return fraction ? `${grouped}.${fraction}` : grouped;
}

const isZero = (v: string) => compareDecimal(v, '0') === 0;

const baseColumns: ReadonlyArray<TableColumn<SpotAssetBalance>> = [
  {
    header: 'Asset',
    cell: (a) => (
      <>
        <span className="font-semibold text-ink">{a.asset}</span>
        <span className="block text-xs text-subtle" data-testid="coin-name">
          {a.name}
        </span>
      </>
    ),
  },
  {
    header: 'Available',
    right: true,
    className: 'tabular-nums text-ink whitespace-nowrap',
    cell: (a) => amount(a.available, a.asset),
  },
  {
    header: 'In orders',
    right: true,
    className: 'tabular-nums text-muted whitespace-nowrap',
    cell: (a) => amount(a.reserved, a.asset),
  },
  {
    header: 'Held',
    right: true,
    className: 'tabular-nums text-muted whitespace-nowrap',
    cell: (a) => amount(a.held, a.asset),
  },
  {
    header: 'Value (₹)',
    right: true,
    className: 'tabular-nums font-semibold text-ink whitespace-nowrap',
    cell: (a) => (a.valueInr === null ? '—' : formatInr(a.valueInr)),
  },
];

/**
 * "Your assets" (GET /api/spot/balances, which answers with the spot exchange off too): every
 * asset with what is free, reserved by open orders, held by withdrawals, and its INR value.
 * Re-read on the socket's `balance` and `spotOrders` events. `actions` adds a last column (the
 * wallet overview's Deposit and Withdraw links).
 */
export function YourAssetsCard({
  actions,
}: {
  actions?: (asset: SpotAssetBalance) => ReactNode;
} = {}) {
  const columns: ReadonlyArray<TableColumn<SpotAssetBalance>> = actions
    ? [
        ...baseColumns,
        {
          header: 'Actions',
          right: true,
          className: 'whitespace-nowrap',
          cell: (a) => <div className="flex justify-end gap-2">{actions(a)}</div>,
        },
      ]
    : baseColumns;
  const balances = useSpotBalances(true);
  useSpotAccountLive(true);
  const data = balances.data;
  // Every asset the exchange lists, the ones the user holds first (the server's order kept).
  const rows = data
    ? [
        ...data.assets.filter(
          (a) => !isZero(a.available) || !isZero(a.reserved) || !isZero(a.held),
        ),
        ...data.assets.filter((a) => isZero(a.available) && isZero(a.reserved) && isZero(a.held)),
      ]
    : [];
  return (
    <section
      aria-labelledby="assets-heading"
      className="rounded-2xl border border-line bg-surface p-4 md:p-5"
      data-testid="your-assets"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="assets-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Coins className="size-5 text-accent" aria-hidden="true" />
          Your assets
        </h2>
        {data ? (
          <p className="text-sm text-muted">
            Total{' '}
            <span className="font-semibold text-ink tabular-nums">
              {formatInr(data.totalValueInr)}
            </span>
          </p>
        ) : null}
      </div>
      <div className="mt-3">
        {balances.isPending ? (
          <div role="status" aria-label="Loading assets" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-10 animate-shimmer rounded-lg bg-raised" />
            ))}
          </div>
        ) : balances.isError && !data ? (
          <p role="alert" className="text-sm text-down">
            {errorMessage(balances.error, 'Your assets could not be loaded.')}
          </p>
        ) : (
          <ResponsiveTable
            layout="page"
            label="Your assets"
            columns={columns}
            rows={rows}
            rowKey={(a) => a.asset}
            cardClassName="py-3"
            card={(a) => (
              <>
                <div className="flex items-center justify-between gap-3">
                  <p className="text-sm">
                    <span className="font-semibold text-ink">{a.asset}</span>{' '}
                    <span className="text-xs text-subtle" data-testid="coin-name">
                      {a.name}
                    </span>
                  </p>
                  <p className="text-sm font-semibold text-ink tabular-nums">
                    {a.valueInr === null ? '—' : formatInr(a.valueInr)}
                  </p>
                </div>
                <dl className="mt-1.5 grid grid-cols-3 gap-2 text-xs">
                  <div>
                    <dt className="text-subtle">Available</dt>
                    <dd className="text-ink tabular-nums break-all">
                      {amount(a.available, a.asset)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-subtle">In orders</dt>
                    <dd className="text-muted tabular-nums break-all">
                      {amount(a.reserved, a.asset)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-subtle">Held</dt>
                    <dd className="text-muted tabular-nums break-all">{amount(a.held, a.asset)}</dd>
                  </div>
                </dl>
                {actions ? <div className="mt-2.5 flex flex-wrap gap-2">{actions(a)}</div> : null}
              </>
            )}
          />
        )}
      </div>
    </section>
  );
}
