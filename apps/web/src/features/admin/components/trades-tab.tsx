import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { adminTradeStatusFilters, messages, type AdminTrade } from '@sikka/contracts';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminTradesQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { useAdminList } from '@/features/admin/hooks/use-admin-list.ts';
import { AdminTable, type Column } from './admin-table.tsx';
import { DateTime } from '@/components/ui/date-time.tsx';
import { PagedListState } from './list-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PersonCell } from './person-cell.tsx';

const columns: ReadonlyArray<Column<AdminTrade>> = [
  {
    key: 'user',
    header: 'User',
    cell: (t) => <PersonCell name={t.user.fullName} email={t.user.email} />,
  },
  {
    key: 'type',
    header: 'Type',
    cell: (t) => (
      <span
        className={clsx('font-semibold capitalize', t.type === 'buy' ? 'text-up' : 'text-down')}
      >
        {t.type}
      </span>
    ),
  },
  // The server sends USDT with exactly 8 places (PRODUCT.md §3); shown as sent.
  { key: 'amount', header: 'Amount (USDT)', cell: (t) => t.amount, numeric: true, nowrap: true },
  { key: 'price', header: 'Price', cell: (t) => formatInr(t.price), numeric: true, nowrap: true },
  { key: 'total', header: 'Total', cell: (t) => formatInr(t.total), numeric: true, nowrap: true },
  { key: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  { key: 'date', header: 'Date', cell: (t) => <DateTime iso={t.createdAt} />, nowrap: true },
];

/** Trades: every user's instant buys and sells. Read-only. */
export function TradesTab() {
  const list = useAdminList();
  const query = useQuery(adminTradesQueryOptions(list.params));
  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search trades"
        searchPlaceholder="Search by name, email or trade ID"
        search={list.search}
        onSearch={list.setSearch}
        statusFilter={{
          label: 'Trade status',
          // The spec's admin filter also offers the KYC-like statuses (PRODUCT.md §4).
          statuses: adminTradeStatusFilters,
          value: list.status,
          onChange: list.setStatus,
        }}
      />
      <PagedListState
        query={query}
        failedMessage={messages.admin.fetchTradesFailed}
        onPage={list.setPage}
      >
        {(items) => (
          <AdminTable
            label="Trades"
            columns={columns}
            rows={items}
            rowKey={(t) => t.id}
            cardTitle={(t) => <PersonCell name={t.user.fullName} email={t.user.email} />}
            cardSkip={['user']}
            empty={messages.trades.empty}
          />
        )}
      </PagedListState>
    </div>
  );
}
