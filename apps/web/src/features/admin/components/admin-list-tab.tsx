import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { AdminListParams } from '@/features/admin/api/admin-lists.ts';
import { useAdminList } from '@/features/admin/hooks/use-admin-list.ts';
import { AdminTable, type AdminTableProps } from './admin-table.tsx';
import { PagedListState, type ListPage } from './list-state.tsx';
import { ListToolbar } from './list-toolbar.tsx';

export interface AdminListTabProps<T extends { id: string }, K extends QueryKey> extends Omit<
  AdminTableProps<T>,
  'rows' | 'rowKey'
> {
  /** One of admin-lists.ts's query options: the list's page for a search, filter and page. */
  queryOptions(params: AdminListParams): UseQueryOptions<ListPage<T>, Error, ListPage<T>, K>;
  searchLabel: string;
  searchPlaceholder: string;
  /** Lists without a status (the audit log) leave the filter out. */
  statusFilter?: { label: string; statuses: ReadonlyArray<string> };
  failedMessage: string;
  /** The open dialog, if any. */
  children?: ReactNode;
}

/**
 * One admin tab: the search box and status filter, then the page of rows (a table, or cards on
 * phones) with the pager, or the error with a retry.
 */
export function AdminListTab<T extends { id: string }, K extends QueryKey>({
  queryOptions,
  searchLabel,
  searchPlaceholder,
  statusFilter,
  failedMessage,
  children,
  ...table
}: AdminListTabProps<T, K>) {
  const list = useAdminList();
  const query = useQuery(queryOptions(list.params));
  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        search={list.search}
        onSearch={list.setSearch}
        statusFilter={
          statusFilter
            ? { ...statusFilter, value: list.status, onChange: list.setStatus }
            : undefined
        }
      />
      <PagedListState query={query} failedMessage={failedMessage} onPage={list.setPage}>
        {(items) => <AdminTable {...table} rows={items} rowKey={(row) => row.id} />}
      </PagedListState>
      {children}
    </div>
  );
}
