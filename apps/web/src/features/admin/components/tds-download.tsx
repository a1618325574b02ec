import { TdsQuarterDownload } from '@/components/tds/tds-quarter-download.tsx';
import { adminTdsCsvHref } from '@/features/admin/api/admin-tds-csv.ts';

/** The quarterly TDS (194S) return's data, for the Trades tab: a quarter and a download. */
export function TdsDownload() {
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
      <TdsQuarterDownload
        href={adminTdsCsvHref}
        label="Download TDS CSV"
        hideQuarterLabel
        selectClassName="sm:w-56"
      />
    </section>
  );
}
