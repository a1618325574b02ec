import { formatDate, formatDateTime } from '@/lib/format-date.ts';

/** A moment as the spec writes it ('5 minutes ago', 'Mar 9, 2025'), the exact time on hover. */
export function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, { seconds: true })}>
      {formatDate(iso)}
    </time>
  );
}
