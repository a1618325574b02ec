import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types.ts';

export interface PgliteOptions {
  /** Runs after the database is closed (openDb releases the DATA_DIR lock here). */
  onClose?: () => void;
  /**
   * The files of a database to start from (`dumpDataDir`): tests start each in-memory
   * database from one already migrated, instead of initdb and every migration (ADR 036).
   */
  loadDataDir?: PGliteOptions['loadDataDir'];
}

/** A PGlite database, which can also hand over its files (a tarball) for another to start from. */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). It serves one connection, so transactions are serialised by
 * PGlite itself; money tests that need real concurrency run on PostgreSQL instead.
 * `dataDir` undefined = in memory (tests). PGlite does not guard its directory against a
 * second process; callers opening a directory do that (openDb holds the DATA_DIR lock).
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // numeric and int8 stay strings, as in the `pg` adapter: money never becomes a JS float.
  const pg = await PGlite.create(dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { 1700: (v: string) => v, 20: (v: string) => v },
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One connection in the same process: no round trip to save, so the commit is the
    // transaction's own, after `fn`.
    fusedTransaction: (fn) =>
      pg.transaction((tx) => {
        const q = wrap(tx);
        return fn({ ...q, queryAndCommit: q.query });
      }),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => unsub();
    },
    async openLockSession() {
      const held = new Set<number>();
      return {
        tryLock: async (key: number) => (held.add(key), true),
        unlock: async (key: number) => void held.delete(key),
        lost: new Promise<void>(() => undefined),
        close: async () => held.clear(),
      };
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
    async close() {
      try {
        await pg.close();
      } finally {
        // Only after PGlite has flushed and let go of its files may another process open them.
        options.onClose?.();
      }
    },
  };
}
