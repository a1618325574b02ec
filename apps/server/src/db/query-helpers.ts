/**
 * Query helpers every domain module shares: conditions with numbered parameters, LIKE
 * escaping, counts, and the shape of an id before it reaches a uuid column.
 */

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
