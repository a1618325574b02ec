import pg from 'pg';
import type { Db, Queryable, QueryOptions, Row } from './types.ts';

// numeric (1700), int8 (20) and timestamps stay strings: money never becomes a JS float,
// and timestamps are formatted by SQL where the API needs them.
pg.types.setTypeParser(1700, (v) => v);
pg.types.setTypeParser(20, (v) => v);

export async function openPostgres(connectionString: string, max = 20): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the server restarted); the pool replaces it.
  });
  const client = await pool.connect(); // fail fast on a bad URL
  client.release();
  let listener: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();

  /** One connection that LISTENs on every channel subscribed so far. */
  const openListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString });
    client.on('error', () => undefined); // 'end' follows and reconnects
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    // Lost (PostgreSQL restarted, network cut): LISTEN again on a new connection, or
    // notifications such as balance events would stop for good while requests still work.
    client.on('end', () => {
      if (listener !== client || closed) return;
      listener = undefined;
      scheduleReconnect(250);
    });
    return client;
  };
  const scheduleReconnect = (delayMs: number) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      openListener().then(
        (client) => {
          if (closed) return void client.end().catch(() => undefined);
          listener = client;
          // Notifications sent while we were away are gone: subscribers re-read instead.
          for (const h of reconnectHandlers) h();
        },
        () => scheduleReconnect(Math.min(delayMs * 2, 5000)),
      );
    }, delayMs);
    retryTimer.unref();
  };

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const res = options?.prepareAs
        ? await q.query({ name: options.prepareAs, text: sql, values: params })
        : await q.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const c = await pool.connect();
      // A checked-out client has no listener of the pool's: if PostgreSQL goes away mid-
      // transaction (crash, restart, failover) the client emits 'error', and an unheard
      // 'error' event would kill the whole server. The failed query rejects anyway, so the
      // transaction fails like any other; the broken client is then discarded, not pooled.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      c.on('error', onError);
      try {
        await c.query('BEGIN');
        const result = await fn(wrap(c));
        await c.query('COMMIT');
        return result;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.off('error', onError);
        c.release(broken);
      }
    },
    async listen(channel, onPayload, onReconnect) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      if (onReconnect) reconnectHandlers.add(onReconnect);
      if (listener) {
        if (isNew) await listener.query(`LISTEN ${channel}`);
      } else if (!retryTimer) {
        // The new connection LISTENs on every channel, this one included. (While a
        // reconnect is pending, that reconnect will.)
        opening ??= openListener().finally(() => {
          opening = undefined;
        });
        listener = await opening;
      }
      return async () => {
        set.delete(onPayload);
        if (onReconnect) reconnectHandlers.delete(onReconnect);
      };
    },
    async openLockSession() {
      const client = new pg.Client({ connectionString });
      let markLost: () => void = () => undefined;
      const lost = new Promise<void>((resolve) => (markLost = resolve));
      client.on('error', () => markLost());
      client.on('end', () => markLost());
      await client.connect();
      return {
        async tryLock(key: number) {
          const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
            key,
          ]);
          return res.rows[0]?.ok === true;
        },
        async unlock(key: number) {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        },
        lost,
        async close() {
          await client.end().catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
