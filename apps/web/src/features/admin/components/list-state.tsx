import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { Pager } from '@/components/ui/pager.tsx';

/** Rows that are on their way. */
export function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <SkeletonBlock key={i} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** One page of an admin list as the API answers it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * The body of every admin tab: the error with a retry (the server's message or `failedMessage`),
 * rows on their way, or the page's rows (`children`) followed by the pager.
 */
export function PagedListState<T>({
  query,
  failedMessage,
  onPage,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  failedMessage: string;
  onPage(page: number): void;
  children(items: T[]): ReactNode;
}) {
  if (query.isError) {
    return (
      <RetryAlert
        message={errorMessage(query.error, failedMessage)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <ListSkeleton />;
  const { items, page, pageSize, total } = query.data;
  return (
    <>
      {children(items)}
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={onPage}
        className="items-center"
      />
    </>
  );
}
