/**
 * SQLite's prepared statements are kept by their SQL and run again (src/store/sqlite.ts): a
 * statement's native memory is given back only when V8 collects it, so one prepared per query
 * piles up in a quiet process. Kept ones run afresh each time, a failed one is prepared anew, and
 * no more than STATEMENTS_KEPT are kept.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { lockSafe, STATEMENTS_KEPT } from '../../src/store/sqlite.js';

interface Tables {
  items: { id: string; n: number };
}

function open() {
  const database = new Database(join(mkdtempSync(join(tmpdir(), 'rollcall-statements-')), 'store.db'));
  let prepared = 0;
  const prepare = database.prepare.bind(database);
  database.prepare = ((text: string) => {
    prepared++;
    return prepare(text);
  }) as typeof database.prepare;
  const safe = lockSafe(database, 1_000);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: safe }) });
  return { db, safe, prepared: () => prepared };
}

describe('SQLite prepared statements', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('are prepared once for a query run many times, each run reading afresh (in a transaction too)', async () => {
    const { db, safe, prepared } = open();
    close = () => db.destroy();
    await sql`create table items (id text primary key, n integer not null)`.execute(db);
    const before = prepared();
    for (let i = 0; i < 200; i++)
      await db
        .insertInto('items')
        .values({ id: `k${i}`, n: i })
        .execute();
    for (let i = 0; i < 200; i++) {
      const row = await db.selectFrom('items').select('n').where('id', '=', `k${i}`).executeTakeFirst();
      expect(row?.n).toBe(i);
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 10; i++)
        await trx.updateTable('items').set({ n: -i }).where('id', '=', `k${i}`).execute();
    });
    expect(await db.selectFrom('items').select('n').where('id', '=', 'k9').executeTakeFirst()).toEqual({
      n: -9,
    });
    // One insert, one select, one update: three statements for 411 queries.
    expect(prepared() - before).toBe(3);
    expect(safe.statementsKept).toBeLessThanOrEqual(4);
  });

  it('prepares anew a statement whose run failed, and the next run of it works', async () => {
    const { db, prepared } = open();
    close = () => db.destroy();
    await sql`create table items (id text primary key, n integer not null)`.execute(db);
    await db.insertInto('items').values({ id: 'a', n: 1 }).execute();
    const before = prepared();
    await expect(db.insertInto('items').values({ id: 'a', n: 2 }).execute()).rejects.toThrow(/UNIQUE/);
    await db.insertInto('items').values({ id: 'b', n: 2 }).execute();
    // The failed one was not run again: the next insert prepared its own.
    expect(prepared() - before).toBe(1);
    expect(await db.selectFrom('items').select(['id', 'n']).orderBy('id').execute()).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
  });

  it("a write after the close fails with libsql's error, not an abort of the process (no kept statement reaches the closed connection)", async () => {
    const { db, safe } = open();
    await sql`create table items (id text primary key, n integer not null)`.execute(db);
    const insert = 'insert into "items" ("id", "n") values (?, ?)';
    safe.prepare(insert).run(['a', 1]);
    safe.close();
    expect(() => safe.prepare(insert).run(['b', 2])).toThrow(/not open/);
  });

  it(`keeps at most ${STATEMENTS_KEPT}, the least recently used dropped first`, async () => {
    const { db, safe, prepared } = open();
    close = () => db.destroy();
    await sql`create table items (id text primary key, n integer not null)`.execute(db);
    // Lists of 1 to 150 ids: a statement for each length.
    const ids = (length: number) =>
      db
        .selectFrom('items')
        .select('id')
        .where(
          'id',
          'in',
          Array.from({ length }, (_, i) => `k${i}`),
        )
        .execute();
    for (let length = 1; length <= 150; length++) await ids(length);
    expect(safe.statementsKept).toBe(STATEMENTS_KEPT);
    const before = prepared();
    // The newest is kept; the first ones were dropped.
    await ids(150);
    expect(prepared()).toBe(before);
    await ids(1);
    expect(prepared()).toBe(before + 1);
  });
});
