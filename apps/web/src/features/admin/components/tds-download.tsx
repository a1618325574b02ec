import { useState } from 'react';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { lastTdsQuarters } from '@/lib/tds-quarters.ts';
import { adminTdsCsvHref } from '@/features/admin/api/admin-tds-csv.ts';

/** The quarterly TDS (194S) return's data, for the Trades tab: a quarter and a download. */
export function TdsDownload() {
  const quarters = lastTdsQuarters(4);
  const [quarter, setQuarter] = useState(quarters[0]?.value ?? '');
  return (
    <section
      aria-labelledby="admin-tds-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-end sm:justify-between"
    >
      <div>
        <h2 id="admin-tds-heading" className="font-semibold text-ink">
          TDS (194S)
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          TDS withheld from every user&apos;s USDT sales in a quarter, with PAN, as CSV.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Quarter"
          hideLabel
          options={quarters}
          value={quarter}
          onChange={(e) => setQuarter(e.target.value)}
          className="sm:w-56"
        />
        <a
          href={adminTdsCsvHref(quarter)}
          download
          className={buttonClasses('outline', 'md', 'h-11 gap-2')}
        >
          <Download className="size-4" aria-hidden="true" />
          Download TDS CSV
        </a>
      </div>
    </section>
  );
}
