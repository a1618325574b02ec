import { clsx } from 'clsx';
import { compareDecimal, type Trade } from '@sikka/contracts';
import { formatInr, formatUsdtRecord } from '@/lib/format.ts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { ResponsiveTable, type TableColumn } from '@/components/ui/responsive-table.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

/** The first block of the UUID: enough to tell trades apart and to search by. */
const shortId = (id: string) => id.slice(0, 8);

function TypeLabel({ type }: { type: Trade['type'] }) {
  return (
    <span className={clsx('font-semibold', type === 'buy' ? 'text-up' : 'text-down')}>
      {type === 'buy' ? 'Buy' : 'Sell'}
    </span>
  );
}

const columns: ReadonlyArray<TableColumn<Trade>> = [
  {
    header: 'Date',
    className: 'whitespace-nowrap text-muted',
    cell: (t) => <DateTime iso={t.createdAt} />,
  },
  {
    header: 'Trade ID',
    className: 'font-mono text-xs text-ink',
    title: (t) => t.id,
    cell: (t) => shortId(t.id),
  },
  { header: 'Type', cell: (t) => <TypeLabel type={t.type} /> },
  {
    header: 'Amount (USDT)',
    right: true,
    className: 'font-mono tabular-nums text-ink',
    cell: (t) => formatUsdtRecord(t.amount, { unit: false }),
  },
  {
    header: 'Price (INR)',
    right: true,
    className: 'tabular-nums text-muted',
    cell: (t) => formatInr(t.price),
  },
  {
    header: 'Total (INR)',
    right: true,
    className: 'font-semibold tabular-nums text-ink',
    cell: (t) => (
      <>
        {formatInr(t.total)}
        {hasTds(t) ? (
          // Section 194S: what was withheld from a sell, and what reached the seller.
          <span className="block text-xs font-normal text-subtle">
            TDS {formatInr(t.tds)} · net {formatInr(t.net)}
          </span>
        ) : null}
      </>
    ),
  },
  { header: 'Status', right: true, cell: (t) => <StatusBadge status={t.status} /> },
];

/** Trades as a table on wider screens and as cards on phones. */
export function TradeHistoryTable({ trades }: { trades: Trade[] }) {
  return (
    <ResponsiveTable
      layout="page"
      label="Quick trade history"
      columns={columns}
      rows={trades}
      rowKey={(t) => t.id}
      cardClassName="py-3"
      card={(t) => (
        <>
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              <TypeLabel type={t.type} />
              <span className="font-mono text-xs text-muted" title={t.id}>
                {shortId(t.id)}
              </span>
            </p>
            <StatusBadge status={t.status} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-subtle">Amount</dt>
            <dd className="text-right font-mono text-xs leading-5 tabular-nums text-ink">
              {formatUsdtRecord(t.amount)}
            </dd>
            <dt className="text-subtle">Price</dt>
            <dd className="text-right tabular-nums text-muted">{formatInr(t.price)}</dd>
            <dt className="text-subtle">Total</dt>
            <dd className="text-right font-semibold tabular-nums text-ink">{formatInr(t.total)}</dd>
            {hasTds(t) ? (
              <>
                <dt className="text-subtle">TDS (194S)</dt>
                <dd className="text-right tabular-nums text-muted">{formatInr(t.tds)}</dd>
                <dt className="text-subtle">Net received</dt>
                <dd className="text-right tabular-nums text-ink">{formatInr(t.net)}</dd>
              </>
            ) : null}
            <dt className="text-subtle">Date</dt>
            <dd className="text-right text-muted">
              <DateTime iso={t.createdAt} />
            </dd>
          </dl>
        </>
      )}
    />
  );
}

/** A sell with TDS withheld (buys and sells before TDS carry '0.00'). */
function hasTds(t: Trade): boolean {
  return t.type === 'sell' && compareDecimal(t.tds, '0') > 0;
}
