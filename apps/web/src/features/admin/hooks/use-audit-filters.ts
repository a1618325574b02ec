import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import type { AuditFilters, AuditListParams } from '@/features/admin/api/admin-audit.ts';
import { SEARCH_DEBOUNCE_MS } from './use-admin-list.ts';

const NONE: AuditFilters = { search: '', action: '', from: '', to: '' };

/**
 * The audit log's search, action, dates and page. Any new filter starts again at page 1; the
 * search waits for a pause in typing, as the other admin lists do.
 */
export function useAuditFilters() {
  const [filters, setFilters] = useState<AuditFilters>(NONE);
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);

  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setPage(1);
  }

  /** What the server is asked for: the search as it stood at the last pause. */
  const applied: AuditFilters = { ...filters, search };
  const params: AuditListParams = { ...applied, page };
  return {
    filters,
    applied,
    params,
    set(field: keyof AuditFilters, value: string) {
      setFilters((prev) => ({ ...prev, [field]: value }));
      if (field !== 'search') setPage(1);
    },
    setPage,
  };
}
