import { formatDate } from '../../../lib/format-date.ts';

/** A date as the spec formats it ('5 minutes ago', 'Mar 9, 2025'), the exact time on hover. */
export function DateCell({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString('en-IN')}>
      {formatDate(iso)}
    </time>
  );
}
