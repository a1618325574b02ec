/**
 * Query helpers every domain module shares: conditions with numbered parameters, LIKE
 * escaping, counts, and the shape of an id before it reaches a uuid column.
 */

import type { Queryable, Row } from './types.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a text PostgreSQL accepts as a uuid. Anything else names no row: callers answer
 * not found rather than let the cast fail the statement.
 */
export const isUuid = (id: string): boolean => UUID_RE.test(id);

/**
 * The row `sql` finds for the id in `$1` (more parameters from `$2`), or undefined. A malformed
 * id finds nothing without reaching the uuid cast: callers answer it as they answer an unknown one.
 */
export async function rowById<R extends Row>(
  db: Queryable,
  sql: string,
  id: string,
  params: unknown[] = [],
): Promise<R | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db.query<R>(sql, [id, ...params]))[0];
}

/** A search term as an ILIKE pattern matching it anywhere, with LIKE's wildcards escaped. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * `(a ILIKE ? OR b ILIKE ? …)`: one search term, given as a containsPattern, found in any of
 * the columns. For Where.add, which puts the one parameter in every `?`.
 */
export const matchesAny = (columns: readonly string[]): string =>
  `(${columns.map((c) => `${c} ILIKE ?`).join(' OR ')})`;

/**
 * True when `err` is a unique violation of the index `index`. `pg` names the index in
 * `constraint`; PGlite only in the message.
 */
export function isUniqueViolation(err: unknown, index: string): boolean {
  const { code, constraint, message } = (err ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code !== '23505') return false;
  return constraint === index || (typeof message === 'string' && message.includes(index));
}

/** `count(*)` or `sum(n)` as SQL returns it (int8/numeric come back as strings, sum of nothing as null). */
export const toCount = (rows: ReadonlyArray<{ n: string | number | null }>): number => {
  const n = rows[0]?.n ?? 0;
  return typeof n === 'number' ? n : Number.parseInt(n, 10);
};

/** Builds "WHERE a AND b" from optional conditions, numbering parameters as it goes. */
export class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** `sql` uses `?` for the single parameter, e.g. `t.status = ?`. */
  add(sql: string, value: unknown): this {
    this.params.push(value);
    this.parts.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }

  /** The next free parameter placeholder, for LIMIT/OFFSET after the conditions. */
  next(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * One page of an admin list with the exact number of matches: `SELECT {select} {from}
 * {where} ORDER BY {orderBy}` limited to the page, and `count(*)` of the same rows, run
 * side by side. `from` names the tables and joins; the conditions come from `where`.
 */
export async function pagedRows<R extends Row>(
  db: Queryable,
  query: { select: string; from: string; where: Where; orderBy: string },
  page: number,
  pageSize: number,
): Promise<{ rows: R[]; total: number }> {
  const { select, from, where, orderBy } = query;
  const countParams = [...where.params];
  const limit = where.next(pageSize);
  const offset = where.next((page - 1) * pageSize);
  const [rows, count] = await Promise.all([
    db.query<R>(
      `SELECT ${select} ${from} ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n ${from} ${where}`, countParams),
  ]);
  return { rows, total: toCount(count) };
}

/** How an admin list is filtered: a status (exact) and a search term (partial), each optional. */
export interface ListFilter<S extends string = string> {
  page: number;
  status?: S | undefined;
  search?: string | undefined;
}

/**
 * An admin list: `SELECT {select} {from} … ORDER BY {orderBy}`, the columns its filters
 * compare, and what the client gets of each row.
 */
export interface ListQuery<R extends Row, T> {
  select: string;
  from: string;
  orderBy: string;
  statusColumn: string;
  searchColumns: readonly string[];
  toItem: (row: R) => T;
}

/**
 * One page of an admin list with the usual filters, and the exact number of matches:
 * `filter.status` equal to `statusColumn`, `filter.search` anywhere in one of
 * `searchColumns` (case-insensitive), each only when given.
 */
export async function filteredPage<R extends Row, T>(
  db: Queryable,
  query: ListQuery<R, T>,
  filter: ListFilter,
  pageSize: number,
): Promise<{ items: T[]; total: number }> {
  const where = new Where();
  if (filter.status) where.add(`${query.statusColumn} = ?`, filter.status);
  if (filter.search) where.add(matchesAny(query.searchColumns), containsPattern(filter.search));
  const { select, from, orderBy } = query;
  const { rows, total } = await pagedRows<R>(
    db,
    { select, from, where, orderBy },
    filter.page,
    pageSize,
  );
  return { items: rows.map((row) => query.toItem(row)), total };
}
