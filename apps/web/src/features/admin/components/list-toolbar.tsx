import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';

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
  const options: SelectOption[] = [
    { value: '', label: 'All statuses' },
    ...(statusFilter?.statuses ?? []).map((s) => ({ value: s, label: capitalize(s) })),
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchField
        label={searchLabel}
        value={search}
        onChange={onSearch}
        placeholder={searchPlaceholder}
        size="lg"
        clearable
        maxLength={100}
        className="flex-1"
      />
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
