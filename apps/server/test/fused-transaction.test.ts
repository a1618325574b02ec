import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams, quoteLiteral } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { availableDrivers, openTestDb } from '../../../test/support/databases.ts';

/**
 * Db.fusedTransaction: the spot engine's batch sends BEGIN with its first statement and
 * COMMIT with its settlement, values written in as literals. It must keep every property of
 * a transaction and carry every value exactly, whatever it holds.
 */
describe.each(availableDrivers())('fusedTransaction on %s', (driver) => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb(driver, 4);
    await db.exec('CREATE TABLE fused (id int PRIMARY KEY, note text, doc jsonb, tags text[])');
  });
  afterAll(() => db.close());

  const count = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM fused'))[0]!.n);

  it('commits with the statement sent by queryAndCommit; its rows come back', async () => {
    const rows = await db.fusedTransaction(async (tx) => {
      await tx.query('INSERT INTO fused (id, note) VALUES ($1, $2)', [1, 'first']);
      return tx.queryAndCommit<{ id: number }>(
        'INSERT INTO fused (id, note) VALUES ($1, $2) RETURNING id',
        [2, 'second'],
      );
    });
    expect(rows).toEqual([{ id: 2 }]);
    expect(await count()).toBe(2);
  });

  it('commits at the end when no statement committed; the first statement answers its own rows', async () => {
    const rows = await db.fusedTransaction((tx) =>
      tx.query<{ id: number; note: string }>(
        'INSERT INTO fused (id, note) VALUES ($1, $2) RETURNING id, note',
        [3, 'third'],
      ),
    );
    expect(rows).toEqual([{ id: 3, note: 'third' }]);
    expect(await count()).toBe(3);
  });

  it('carries quotes, backslashes, $n, SQL, Unicode, NULL, JSON and arrays exactly', async () => {
    const hostile = [
      "O'Brien'); DROP TABLE fused; --",
      "back\\slash \\' and \\\\ two",
      'dollar $1 and $$quoted$$ text',
      '₹ 1,00,000 — नमस्ते 🚀',
      'line\nbreak\ttab',
    ];
    const doc = { note: hostile[0], nested: { path: 'C:\\temp', quote: '"' }, n: 1.5 };
    await db.fusedTransaction(async (tx) => {
      for (const [i, note] of hostile.entries()) {
        await tx.query('INSERT INTO fused (id, note, doc, tags) VALUES ($1, $2, $3::jsonb, $4)', [
          100 + i,
          note,
          JSON.stringify(doc),
          hostile,
        ]);
      }
      await tx.queryAndCommit('INSERT INTO fused (id, note) VALUES ($1, $2)', [200, null]);
    });
    const rows = await db.query<{ note: string | null; doc: unknown; tags: string[] | null }>(
      'SELECT note, doc, tags FROM fused WHERE id >= 100 ORDER BY id',
    );
    expect(rows.map((r) => r.note)).toEqual([...hostile, null]);
    for (const r of rows.slice(0, -1)) {
      expect(r.doc).toEqual(doc);
      expect(r.tags).toEqual(hostile);
    }
    expect(await count()).toBe(3 + hostile.length + 1);
  });

  it('a failing statement rolls back everything before it, and the pool stays usable', async () => {
    const before = await count();
    await expect(
      db.fusedTransaction(async (tx) => {
        await tx.query('INSERT INTO fused (id, note) VALUES ($1, $2)', [300, 'kept?']);
        await tx.queryAndCommit('INSERT INTO fused (id, note) VALUES ($1, $2)', [1, 'duplicate']);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(before);
    // Every connection of the pool is still good (none left inside an aborted transaction).
    const again = await Promise.all(
      [400, 401, 402, 403].map((id) =>
        db.fusedTransaction((tx) =>
          tx.queryAndCommit<{ id: number }>('INSERT INTO fused (id) VALUES ($1) RETURNING id', [
            id,
          ]),
        ),
      ),
    );
    expect(again.flat().map((r) => r.id)).toEqual([400, 401, 402, 403]);
  });

  it('a failure in the first statement (sent with BEGIN) writes nothing', async () => {
    const before = await count();
    await expect(
      db.fusedTransaction((tx) => tx.query('INSERT INTO fused (id) VALUES ($1)', ['not a number'])),
    ).rejects.toThrow(/invalid input syntax/);
    expect(await count()).toBe(before);
  });

  it('an error thrown between statements rolls back what was sent', async () => {
    const before = await count();
    await expect(
      db.fusedTransaction(async (tx) => {
        await tx.query('INSERT INTO fused (id) VALUES ($1)', [500]);
        throw new Error('matching failed');
      }),
    ).rejects.toThrow('matching failed');
    expect(await count()).toBe(before);
  });

  if (driver === 'postgres') {
    it('refuses a statement after the commit', async () => {
      await expect(
        db.fusedTransaction(async (tx) => {
          await tx.queryAndCommit('SELECT 1');
          await tx.query('SELECT 2');
        }),
      ).rejects.toThrow('already committed');
    });
  }
});

describe('inlineParams', () => {
  it('writes each $n as a quoted literal and refuses what it cannot write', () => {
    expect(
      inlineParams(
        'SELECT $1, $2::int, $10',
        [...'abcdefghij'].map((c, i) => (i === 1 ? 7 : c)),
      ),
    ).toBe("SELECT 'a', '7'::int, 'j'");
    expect(inlineParams('SELECT $1', [null])).toBe('SELECT NULL');
    expect(inlineParams('SELECT $1', ["it's"])).toBe("SELECT 'it''s'");
    // A backslash makes an escape string (pg.escapeLiteral writes it with a space before E).
    expect(inlineParams('SELECT $1', ['a\\b'])).toBe("SELECT  E'a\\\\b'");
    expect(inlineParams('SELECT $1::text[]', [['x', 'y,z']])).toBe(`SELECT '{"x","y,z"}'::text[]`);
    expect(() => inlineParams('SELECT $2', ['only one'])).toThrow('no value for $2');
    expect(() => inlineParams('SELECT $1', [Buffer.from('x')])).toThrow('only text values');
  });
});

describe('quoteLiteral', () => {
  it('writes exactly what pg.escapeLiteral writes, for any text', () => {
    // Quotes and backslashes are what it changes: make them common.
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom("'", '\\', '"', '$', '\n', 'é', '₹'),
        fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }),
      ),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, (s) => {
        expect(quoteLiteral(s)).toBe(pg.escapeLiteral(s));
      }),
      { numRuns: 2000 },
    );
    expect(quoteLiteral(JSON.stringify({ k: "O'Brien \\ ₹" }))).toBe(
      ` E'{"k":"O''Brien \\\\\\\\ ₹"}'`,
    );
  });
});
