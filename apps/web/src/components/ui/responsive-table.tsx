import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export interface TableColumn<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Right-aligned: amounts and statuses. */
  right?: boolean;
  /** The column's own cell classes, after the shared padding. */
  className?: string;
  /** The cell's tooltip, e.g. the full id of a shortened one. */
  title?(row: T): string;
}

/**
 * `panel`: a list inside a wallet panel, a table from the sm breakpoint. `page`: a page's own
 * list, a table from md that scrolls sideways rather than squeezing its columns.
 */
const layouts = {
  panel: {
    wrapper: undefined,
    table: 'hidden w-full text-sm sm:table',
    header: 'py-2',
    row: undefined,
    cards: 'divide-y divide-line sm:hidden',
  },
  page: {
    wrapper: 'hidden overflow-x-auto md:block',
    table: 'w-full text-sm',
    header: 'py-2.5',
    row: 'hover:bg-raised/40',
    cards: 'divide-y divide-line md:hidden',
  },
} as const;

export interface ResponsiveTableProps<T> {
  layout: keyof typeof layouts;
  /** The accessible name of both the table and the card list. */
  label: string;
  columns: ReadonlyArray<TableColumn<T>>;
  rows: readonly T[];
  rowKey(row: T): string;
  /** Cells start at the top: for rows where one cell may run to several lines. */
  alignTop?: boolean;
  /** A row on phones: the content of its list item. */
  card(row: T): ReactNode;
  cardClassName?: string;
}

/**
 * Rows as a table on wider screens and as a list of cards on phones; CSS picks which one
 * shows, so both are in the page and each has the same accessible name.
 */
export function ResponsiveTable<T>({
  layout: name,
  label,
  columns,
  rows,
  rowKey,
  alignTop,
  card,
  cardClassName,
}: ResponsiveTableProps<T>) {
  const layout = layouts[name];
  const last = columns.length - 1;
  const table = (
    <table className={layout.table} aria-label={label}>
      <thead>
        <tr className="border-b border-line text-left text-xs tracking-wide text-subtle uppercase">
          {columns.map((c, i) => (
            <th
              key={i}
              scope="col"
              className={clsx(
                layout.header,
                i < last && 'pr-3',
                c.right && 'text-right',
                'font-medium',
              )}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={clsx(
              'border-b border-line/60',
              alignTop && 'align-top',
              'last:border-0',
              layout.row,
            )}
          >
            {columns.map((c, i) => (
              <td
                key={i}
                className={clsx('py-3', i < last && 'pr-3', c.right && 'text-right', c.className)}
                title={c.title?.(row)}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {layout.wrapper ? <div className={layout.wrapper}>{table}</div> : table}
      <ul className={layout.cards} aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cardClassName}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
