import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { History } from 'lucide-react';
import { toast } from 'sonner';
import { messages, type TradeStatus, type TradeType } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useTrades, type TradesFilter } from '@/features/dashboard/api/get-trades.ts';
import { Pager } from '@/components/ui/pager.tsx';
import { TradeHistoryTable } from '@/features/dashboard/components/trade-history-table.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { pageCount } from '@/lib/paging.ts';

const SEARCH_DEBOUNCE_MS = 300;

const typeOptions = [
  { value: 'all', label: 'All types' },
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const;
const statusOptions = [
  { value: 'all', label: 'All statuses' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const;

/** Quick trade history (PRODUCT.md §2): search by id, type and status filters, pages of 10. */
export default function QuickHistoryPage() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [type, setType] = useState<TradesFilter['type']>('all');
  const [status, setStatus] = useState<TradesFilter['status']>('all');
  // The page belongs to one filter: any new search or filter starts again from page 1,
  // in the same render (an effect would first fetch page N of the new filter).
  const filterKey = `${type}|${status}|${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const trades = useTrades({ page, type, status, search });
  useEffect(() => {
    if (trades.isError) toast.error(messages.trades.fetchFailed, { id: 'trades-fetch' });
  }, [trades.isError]);

  const data = trades.data;
  const count = data ? pageCount(data.pageSize, data.total) : 1;
  // A page past the end (trades filtered away meanwhile) falls back to the last one.
  const lastPage = data && page > count ? count : null;
  useEffect(() => {
    if (lastPage !== null) setPaging({ filterKey, page: lastPage });
  }, [lastPage, filterKey]);

  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Quick History</h1>
      <p className="mt-1.5 text-sm text-muted md:text-base">
        Every instant USDT buy and sell you have made.
      </p>

      <section className="mt-6 rounded-2xl border border-line bg-surface p-4 md:p-5">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_180px_180px]">
          <SearchField
            id="trade-search"
            label="Search by trade ID"
            value={searchInput}
            onChange={setSearchInput}
            placeholder="Search by trade ID"
            size="lg"
            spellCheck={false}
            className="col-span-2 md:col-span-1"
          />
          <SelectField
            label="Type"
            hideLabel
            options={typeOptions}
            value={type}
            onChange={(e) => setType(e.target.value as TradeType | 'all')}
          />
          <SelectField
            label="Status"
            hideLabel
            options={statusOptions}
            value={status}
            onChange={(e) => setStatus(e.target.value as TradeStatus | 'all')}
          />
        </div>

        <div className="mt-4" aria-busy={trades.isFetching}>
          {trades.isPending ? (
            <div role="status" aria-label="Loading trades" className="space-y-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-11 animate-shimmer rounded-lg bg-raised" />
              ))}
            </div>
          ) : trades.isError && !data ? (
            <p
              role="alert"
              className="rounded-lg border border-down/30 bg-down/10 p-4 text-sm text-down"
            >
              {messages.trades.fetchFailed}
            </p>
          ) : data && data.trades.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-12 text-center">
              <History className="size-8 text-subtle" aria-hidden="true" />
              <p className="font-medium text-ink">{messages.trades.empty}</p>
              {!search && type === 'all' && status === 'all' ? (
                <Link to={paths.quickBuy} className={buttonClasses('primary', 'sm', 'mt-2')}>
                  Make your first trade
                </Link>
              ) : (
                <p className="text-sm text-muted">Try another search or filter.</p>
              )}
            </div>
          ) : data ? (
            <TradeHistoryTable trades={data.trades} />
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
    </div>
  );
}
