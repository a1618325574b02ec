import { Link, useLocation } from 'react-router';
import { clsx } from 'clsx';
import type { StatementEntry } from '@sikka/contracts';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatInr } from '@/lib/format.ts';
import {
  entryLink,
  entryTypeLabels,
  formatAssetAmount,
  formatSignedAmount,
  isDebit,
} from '@/features/statement/components/statement-labels.ts';

function TypeCell({ entry }: { entry: StatementEntry }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium text-ink">{entryTypeLabels[entry.type]}</span>
      {entry.account === 'held' ? <span className="text-xs text-subtle">Held funds</span> : null}
      {entry.tds && Number(entry.tds) !== 0 ? (
        <span className="text-xs text-subtle">TDS {formatInr(entry.tds)} withheld</span>
      ) : null}
    </span>
  );
}

function Amount({ entry }: { entry: StatementEntry }) {
  return (
    <span
      className={clsx(
        'font-semibold tabular-nums',
        isDebit(entry.amount) ? 'text-down' : 'text-up',
      )}
    >
      {formatSignedAmount(entry.amount, entry.asset)}
    </span>
  );
}

function EntryLink({ entry }: { entry: StatementEntry }) {
  const link = entryLink(entry.link);
  const { pathname, search } = useLocation();
  return (
    // The record's Back link returns to this list with its filters and page.
    <Link
      to={link.to}
      state={{ from: `${pathname}${search}` }}
      className="text-sm font-medium text-accent hover:underline"
    >
      {link.label}
    </Link>
  );
}

/** Ledger entries as a table on wider screens and as cards on phones. */
export function StatementTable({ entries }: { entries: StatementEntry[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm" aria-label="Account statement">
          <thead>
            <tr className="border-b border-line text-left text-xs tracking-wide text-subtle uppercase">
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Date (IST)
              </th>
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Type
              </th>
              <th scope="col" className="py-2.5 pr-3 font-medium">
                Asset
              </th>
              <th scope="col" className="py-2.5 pr-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2.5 pr-3 text-right font-medium">
                Balance
              </th>
              <th scope="col" className="py-2.5 text-right font-medium">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr
                key={e.id}
                className="border-b border-line/60 last:border-0 hover:bg-raised/40"
                data-testid="statement-row"
              >
                <td className="py-3 pr-3 whitespace-nowrap text-muted">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                </td>
                <td className="py-3 pr-3">
                  <TypeCell entry={e} />
                </td>
                <td className="py-3 pr-3 text-muted">{e.asset}</td>
                <td className="py-3 pr-3 text-right whitespace-nowrap">
                  <Amount entry={e} />
                </td>
                <td className="py-3 pr-3 text-right whitespace-nowrap tabular-nums text-ink">
                  {formatAssetAmount(e.balanceAfter, e.asset)}
                </td>
                <td className="py-3 text-right whitespace-nowrap">
                  <EntryLink entry={e} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-line md:hidden" aria-label="Account statement">
        {entries.map((e) => (
          <li key={e.id} className="py-3" data-testid="statement-card">
            <div className="flex items-start justify-between gap-3">
              <TypeCell entry={e} />
              <Amount entry={e} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-subtle">Balance ({e.asset})</dt>
              <dd className="text-right tabular-nums text-ink">
                {formatAssetAmount(e.balanceAfter, e.asset)}
              </dd>
              <dt className="text-subtle">Date</dt>
              <dd className="text-right text-muted">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </dd>
            </dl>
            <div className="mt-1.5 text-right">
              <EntryLink entry={e} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
