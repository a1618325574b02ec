import { clsx } from 'clsx';
import { compareDecimal, type Trade } from '@sikka/contracts';
import { formatInr } from '@/lib/format.ts';
import { DateTime } from '@/components/ui/date-time.tsx';
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

/** Trades as a table on wider screens and as cards on phones. */
export function TradeHistoryTable({ trades }: { trades: Trade[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm" aria-label="Quick trade history">
          <thead>
            <tr className="border-b border-line text-left text-xs tracking-wide text-subtle uppercase">
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Trade ID
              </th>
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Type
              </th>
              <th scope="col" className="py-2.5 pr-3 text-right font-medium">
                Amount (USDT)
              </th>
              <th scope="col" className="py-2.5 pr-3 text-right font-medium">
                Price (INR)
              </th>
              <th scope="col" className="py-2.5 pr-3 text-right font-medium">
                Total (INR)
              </th>
              <th scope="col" className="py-2.5 text-right font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.map((t) => (
              <tr key={t.id} className="border-b border-line/60 last:border-0 hover:bg-raised/40">
                <td className="py-3 pr-3 whitespace-nowrap text-muted">
                  <DateTime iso={t.createdAt} />
                </td>
                <td className="py-3 pr-3 font-mono text-xs text-ink" title={t.id}>
                  {shortId(t.id)}
                </td>
                <td className="py-3 pr-3">
                  <TypeLabel type={t.type} />
                </td>
                <td className="py-3 pr-3 text-right font-mono tabular-nums text-ink">{t.amount}</td>
                <td className="py-3 pr-3 text-right tabular-nums text-muted">
                  {formatInr(t.price)}
                </td>
                <td className="py-3 pr-3 text-right font-semibold tabular-nums text-ink">
                  {formatInr(t.total)}
                  {hasTds(t) ? (
                    // Section 194S: what was withheld from a sell, and what reached the seller.
                    <span className="block text-xs font-normal text-subtle">
                      TDS {formatInr(t.tds)} · net {formatInr(t.net)}
                    </span>
                  ) : null}
                </td>
                <td className="py-3 text-right">
                  <StatusBadge status={t.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-line md:hidden" aria-label="Quick trade history">
        {trades.map((t) => (
          <li key={t.id} className="py-3">
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
                {t.amount} USDT
              </dd>
              <dt className="text-subtle">Price</dt>
              <dd className="text-right tabular-nums text-muted">{formatInr(t.price)}</dd>
              <dt className="text-subtle">Total</dt>
              <dd className="text-right font-semibold tabular-nums text-ink">
                {formatInr(t.total)}
              </dd>
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
          </li>
        ))}
      </ul>
    </>
  );
}

/** A sell with TDS withheld (buys and sells before TDS carry '0.00'). */
function hasTds(t: Trade): boolean {
  return t.type === 'sell' && compareDecimal(t.tds, '0') > 0;
}
