import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { useMediaQuery } from '@/hooks/use-media-query.ts';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Cells that should not wrap (dates, amounts). */
  nowrap?: boolean;
}

export interface AdminTableProps<T> {
  label: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey(row: T): string;
  /** Buttons of a row; the column is left out when no row has any. */
  actions?(row: T): ReactNode;
  /** The first lines of a phone card (usually who it is about). */
  cardTitle(row: T): ReactNode;
  /** Columns left out of the phone card body because cardTitle already shows them. */
  cardSkip?: readonly string[];
  empty: string;
}

/** Same width as the `md` breakpoint in styles/index.css. */
const DESKTOP_QUERY = '(min-width: 769px)';

/**
 * A back-office list: a table from the md breakpoint up, one card per row on phones (a wide
 * table would need sideways scrolling to reach its buttons).
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  cardTitle,
  cardSkip = [],
  empty,
}: AdminTableProps<T>) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong px-4 py-12 text-center text-sm text-muted">
        {empty}
      </p>
    );
  }

  if (!isDesktop) {
    return (
      <ul aria-label={label} className="space-y-3">
        {rows.map((row) => {
          const rowActions = actions?.(row);
          return (
            <li
              key={rowKey(row)}
              className="rounded-2xl border border-line bg-surface p-4"
              data-row={rowKey(row)}
            >
              <div className="min-w-0">{cardTitle(row)}</div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
                {columns
                  .filter((c) => !cardSkip.includes(c.key))
                  .map((c) => (
                    <div key={c.key} className="min-w-0">
                      <dt className="text-xs text-subtle">{c.header}</dt>
                      <dd className="mt-0.5 break-words text-ink">{c.cell(row)}</dd>
                    </div>
                  ))}
              </dl>
              {rowActions ? <div className="mt-4 flex gap-2 [&>*]:flex-1">{rowActions}</div> : null}
            </li>
          );
        })}
      </ul>
    );
  }

  const anyActions = actions ? rows.some((row) => actions(row)) : false;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b border-line text-xs tracking-wider text-subtle uppercase">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={clsx('px-4 py-3 font-semibold', c.numeric && 'text-right')}
              >
                {c.header}
              </th>
            ))}
            {anyActions ? (
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-raised/40" data-row={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={clsx(
                    'px-4 py-3 align-middle text-ink',
                    c.numeric && 'text-right tabular-nums',
                    c.nowrap && 'whitespace-nowrap',
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
              {anyActions ? (
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  <div className="inline-flex gap-2">{actions?.(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
