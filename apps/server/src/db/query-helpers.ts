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

/** A search term as an ILIKE pattern matching it anywhere, with LIKE's wildcards escaped. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

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
