import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { adminAuditCsvHref, type AuditFilters } from '@/features/admin/api/admin-audit.ts';

/** The action prefixes the log can be narrowed to ('' = all). */
export const AUDIT_ACTIONS: readonly SelectOption[] = [
  { value: '', label: 'All' },
  { value: 'kyc.', label: 'KYC' },
  { value: 'deposit.', label: 'Deposits' },
  { value: 'withdrawal.', label: 'Withdrawals' },
  { value: 'chain_withdrawal.', label: 'Crypto withdrawals' },
  { value: 'bank_account.', label: 'Bank accounts' },
  { value: 'security.', label: 'Security' },
];

/**
 * Search, kind of event, a date range (India days, inclusive), and the CSV of every matching
 * row (what the list shows, unpaged). The CSV follows the filters as applied to the list.
 */
export function AuditFiltersBar({
  filters,
  applied,
  onChange,
}: {
  filters: AuditFilters;
  applied: AuditFilters;
  onChange(field: keyof AuditFilters, value: string): void;
}) {
  return (
    <div className="space-y-3">
      <SearchField
        label="Search the audit log"
        value={filters.search}
        onChange={(v) => onChange('search', v)}
        placeholder="Search by name, email or action"
        size="lg"
        clearable
        maxLength={100}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,14rem)_minmax(0,11rem)_minmax(0,11rem)_auto] lg:items-end">
        <SelectField
          label="Action"
          options={AUDIT_ACTIONS}
          value={filters.action}
          onChange={(e) => onChange('action', e.target.value)}
          className="col-span-2 lg:col-span-1"
        />
        <TextField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange('from', e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange('to', e.target.value)}
        />
        <a
          href={adminAuditCsvHref(applied)}
          download
          className={buttonClasses(
            'outline',
            'md',
            'col-span-2 h-11 gap-2 lg:col-span-1 lg:justify-self-end',
          )}
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </a>
      </div>
    </div>
  );
}
