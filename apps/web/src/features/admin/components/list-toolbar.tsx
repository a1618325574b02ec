import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';

export interface ListToolbarProps {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch(value: string): void;
  /** Lists without a status (the audit log) leave the filter out. */
  statusFilter?: {
    label: string;
    statuses: ReadonlyArray<string>;
    value: string;
    onChange(value: string): void;
  };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The search box and status filter above each admin list (PRODUCT.md §2). */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  statusFilter,
}: ListToolbarProps) {
  const id = useId();
  const options: SelectOption[] = [
    { value: '', label: 'All statuses' },
    ...(statusFilter?.statuses ?? []).map((s) => ({ value: s, label: capitalize(s) })),
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {searchLabel}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-subtle"
            aria-hidden="true"
          />
          <input
            id={id}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={searchPlaceholder}
            maxLength={100}
            autoComplete="off"
            // The browser's own clear button ignores the theme; ours below matches it.
            className="h-11 w-full rounded-lg border border-line bg-canvas pr-10 pl-10 text-[15px] text-ink placeholder:text-subtle outline-none hover:border-line-strong focus:border-accent focus:ring-2 focus:ring-accent/30 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {search ? (
            <button
              type="button"
              onClick={() => onSearch('')}
              className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:bg-raised hover:text-ink"
              aria-label="Clear search"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      {statusFilter ? (
        <SelectField
          label={statusFilter.label}
          hideLabel
          options={options}
          value={statusFilter.value}
          onChange={(e) => statusFilter.onChange(e.target.value)}
          className="sm:w-48"
        />
      ) : null}
    </div>
  );
}
