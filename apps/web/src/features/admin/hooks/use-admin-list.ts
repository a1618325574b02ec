import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import type { AdminListParams } from '@/features/admin/api/admin-lists.ts';

/** Typing pauses this long before the list is asked for again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search text, status filter and page of one admin list. A new search or filter starts again
 * at page 1, so a filter can never leave the admin on an empty page 7.
 */
export function useAdminList() {
  const [search, setSearchText] = useState('');
  const [status, setStatusValue] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  // The page resets when the debounced text (what the server sees) changes.
  const [seenSearch, setSeenSearch] = useState(debouncedSearch);
  if (seenSearch !== debouncedSearch) {
    setSeenSearch(debouncedSearch);
    setPage(1);
  }

  const params: AdminListParams = { search: debouncedSearch, status, page };
  return {
    search,
    setSearch: setSearchText,
    status,
    setStatus(next: string) {
      setStatusValue(next);
      setPage(1);
    },
    page,
    setPage,
    params,
  };
}
