import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Download, ReceiptText } from 'lucide-react';
import { statementMessages, type StatementAsset, type StatementTypeFilter } from '@sikka/contracts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TdsQuarterDownload } from '@/components/tds/tds-quarter-download.tsx';
import {
  statementParams,
  useStatement,
  type StatementFilters,
} from '@/features/statement/api/get-statement.ts';
import { statementCsvHref } from '@/features/statement/api/statement-csv.ts';
import { tdsStatementCsvHref } from '@/features/statement/api/tds-statement-csv.ts';
import {
  assetFilterOptions,
  typeFilterOptions,
} from '@/features/statement/components/statement-labels.ts';
import { StatementTable } from '@/features/statement/components/statement-table.tsx';

// The contracts have no statement list messages yet (only the query's validation ones).
const FETCH_FAILED = statementMessages.fetchFailed;
const EMPTY = statementMessages.empty;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const typeValues = new Set<string>(typeFilterOptions.map((o) => o.value));
const assetValues = new Set<string>(assetFilterOptions.map((o) => o.value));

/**
 * The filters and page live in the address (?type=&asset=&from=&to=&page=), so a record opened
 * from a row comes back to the same list, and a filtered statement can be bookmarked. What the
 * address holds that no filter offers is ignored.
 */
function filtersFrom(params: URLSearchParams): StatementFilters {
  const type = params.get('type') ?? '';
  const asset = params.get('asset') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    type: typeValues.has(type) ? (type as StatementFilters['type']) : 'all',
    asset: assetValues.has(asset) ? (asset as StatementFilters['asset']) : 'all',
    from: DATE_RE.test(from) ? from : '',
    to: DATE_RE.test(to) ? to : '',
  };
}

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * Transaction History: the account statement (every ledger entry with the balance after it),
 * its CSV for the filters on screen, and the quarterly TDS (194S) statement.
 */
export default function StatementPage() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // One object per address, so the applied-filters check below sees a change only on a change.
  const filters = useMemo(() => filtersFrom(new URLSearchParams(query)), [query]);
  const page = pageFrom(params);
  // Each change replaces the address (Back leaves the page, not each keystroke); a new filter
  // starts again from page 1.
  const go = (next: StatementFilters, nextPage: number) => {
    const search = statementParams(next, nextPage > 1 ? nextPage : undefined);
    setParams(search, { replace: true });
  };
  // A change starts from the address as it is now, not as this render saw it: a navigation
  // renders in a transition, so a second filter changed before that render must not undo the
  // first (React Router's setter reads the render's copy too).
  const current = () => filtersFrom(new URLSearchParams(window.location.search));
  const setPage = (next: number) => go(current(), next);

  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);
  // The server refuses a reversed range; the previous page stays on screen meanwhile.
  const [applied, setApplied] = useState(filters);
  if (!rangeInvalid && applied !== filters) setApplied(filters);
  const statement = useStatement(applied, page);
  const data = statement.data;

  const filtered =
    filters.type !== 'all' || filters.asset !== 'all' || filters.from !== '' || filters.to !== '';

  const update = (patch: Partial<StatementFilters>) => go({ ...current(), ...patch }, 1);

  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">
            Transaction History
          </h1>
          <p className="mt-1.5 text-sm text-muted md:text-base">
            Every credit and debit to your INR and USDT balances, with the balance after each.
          </p>
        </div>
        <a
          href={statementCsvHref(applied)}
          download
          className={buttonClasses('outline', 'sm', 'gap-2')}
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      </div>

      <section className="mt-6 rounded-2xl border border-line bg-surface p-4 md:p-5">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <SelectField
            label="Type"
            options={typeFilterOptions}
            value={filters.type}
            onChange={(e) => update({ type: e.target.value as StatementTypeFilter | 'all' })}
          />
          <SelectField
            label="Asset"
            options={assetFilterOptions}
            value={filters.asset}
            onChange={(e) => update({ asset: e.target.value as StatementAsset | 'all' })}
          />
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => update({ from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => update({ to: e.target.value })}
            error={rangeInvalid ? statementMessages.rangeInvalid : undefined}
          />
        </div>

        <div className="mt-4" aria-busy={statement.isFetching}>
          {statement.isPending ? (
            <div role="status" aria-label="Loading statement" className="space-y-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-11 animate-shimmer rounded-lg bg-raised" />
              ))}
            </div>
          ) : statement.isError && !data ? (
            <RetryAlert message={FETCH_FAILED} onRetry={() => void statement.refetch()} />
          ) : data && data.entries.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center">
              <ReceiptText className="size-8 text-subtle" aria-hidden="true" />
              <p className="font-medium text-ink">{EMPTY}</p>
              <p className="text-sm text-muted">
                {filtered
                  ? 'Try another filter or date range.'
                  : 'Deposits, trades and withdrawals will show here.'}
              </p>
            </div>
          ) : data ? (
            <StatementTable entries={data.entries} />
          ) : null}
        </div>

        {data && (data.page > 1 || data.hasMore) ? (
          <nav
            aria-label="Statement pages"
            className="mt-4 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm"
          >
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage(page - 1)}
              disabled={page <= 1 || statement.isFetching}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              Previous
            </Button>
            <span className="tabular-nums text-muted" aria-live="polite">
              Page {data.page}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPage(page + 1)}
              disabled={!data.hasMore || statement.isFetching}
            >
              Next
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </section>

      <section
        aria-labelledby="tds-heading"
        className="mt-6 rounded-2xl border border-line bg-surface p-4 md:p-5"
      >
        <h2 id="tds-heading" className="text-lg font-semibold text-ink">
          TDS statement
        </h2>
        <p className="mt-1 text-sm text-muted">
          Tax deducted at source (section 194S) on your USDT sales, by calendar quarter.
        </p>
        <TdsQuarterDownload
          href={tdsStatementCsvHref}
          label="Download TDS statement"
          className="mt-4"
          selectClassName="sm:w-64"
        />
      </section>
    </div>
  );
}
