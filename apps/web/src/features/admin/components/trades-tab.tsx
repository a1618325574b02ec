import { clsx } from 'clsx';
import { adminTradeStatusFilters, messages, type AdminTrade } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatInr } from '@/lib/format.ts';
import { adminTradesQueryOptions } from '@/features/admin/api/admin-lists.ts';
import { AdminListTab } from './admin-list-tab.tsx';
import type { Column } from './admin-table.tsx';
import { UserCell } from './person-cell.tsx';

const columns: ReadonlyArray<Column<AdminTrade>> = [
  { key: 'user', header: 'User', cell: (t) => <UserCell row={t} /> },
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
  return (
    <AdminListTab
      queryOptions={adminTradesQueryOptions}
      searchLabel="Search trades"
      searchPlaceholder="Search by name, email or trade ID"
      // The spec's admin filter also offers the KYC-like statuses (PRODUCT.md §4).
      statusFilter={{ label: 'Trade status', statuses: adminTradeStatusFilters }}
      failedMessage={messages.admin.fetchTradesFailed}
      label="Trades"
      columns={columns}
      cardTitle={(t) => <UserCell row={t} />}
      cardSkip={['user']}
      empty={messages.trades.empty}
    />
  );
}
