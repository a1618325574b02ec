/**
 * The one database interface the app uses. PGlite (embedded) and `pg` (PostgreSQL) both
 * implement it; nothing else in the app knows which is in use.
 */
export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * Prepare the statement under this name once per connection and only bind and run it after
   * (PostgreSQL; PGlite ignores it). For the hottest statements only, each a call of one SQL
   * function whose result columns never change under that name: a prepared statement whose
   * result type changed fails until its connection closes (ADR 026).
   */
  prepareAs?: string;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations, fixtures). */
  exec(sql: string): Promise<void>;
}

/** A transaction of `Db.fusedTransaction`. */
export interface FusedTx extends Queryable {
  /**
   * Runs the statement and commits the transaction in the same round trip; the transaction
   * then takes no more statements. Resolves once the commit is done.
   */
  queryAndCommit<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * As `transaction`, for a hot path of few statements: on PostgreSQL the BEGIN travels with
   * the first statement and the COMMIT with the one sent by `queryAndCommit`, two round trips
   * fewer. Statements are then sent in the simple protocol with their parameters written in
   * as quoted literals (`pg.escapeLiteral`), so their text must not hold `$n` inside quotes.
   */
  fusedTransaction<T>(fn: (tx: FusedTx) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onReconnect` runs
   * after the listening connection was lost and re-established (notifications in between
   * are lost, so the subscriber should re-read what it follows).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * A connection of its own that holds session-level advisory locks: who runs a market's
   * engine (ADR 018). PGlite has one process by construction (DATA_DIR lock), so every lock
   * is granted there.
   */
  openLockSession(): Promise<LockSession>;
  close(): Promise<void>;
}

export interface LockSession {
  /** pg_try_advisory_lock: true when this session now holds (or already held) the lock. */
  tryLock(key: number): Promise<boolean>;
  unlock(key: number): Promise<void>;
  /** Resolves when the connection is lost; its locks went with it. */
  readonly lost: Promise<void>;
  close(): Promise<void>;
}
