/**
 * libsql's connection as Kysely drives it, taking SQLite's write lock only in a way that cannot
 * leave a statement half-run.
 *
 * A statement that fails with SQLITE_BUSY is left active by SQLite until it is reset, and libsql
 * resets it only when the statement object is garbage-collected. Until then the connection counts
 * it as a pending write: a COMMIT fails ("SQL statements in progress"), and, worse, a later
 * autocommit write returns success without committing. With the short busy_timeout of
 * patience.ts, lock failures are routine, so no prepared statement may be the one that meets
 * the lock:
 * - a transaction starts with BEGIN IMMEDIATE (it takes the write lock at once; every
 *   transaction of the store writes), run by `exec`, which finalizes what it ran even on failure;
 * - a write outside a transaction is wrapped in its own BEGIN IMMEDIATE … COMMIT the same way;
 * - reads run as they are: in WAL mode they never wait for the lock.
 * Once the lock is held, no statement of the transaction can meet it again.
 *
 * Only one attempt at a time waits the busy_timeout: once an attempt found the lock taken, the
 * next ones try without waiting until one gets it. Otherwise writes started in the same turn of
 * the event loop (digest runs of many servers claimed at one minute) would each block it in turn.
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type Database from 'libsql';
import { lockedOut } from './patience.js';

type Parameters = ReadonlyArray<unknown>;

export function lockSafe(database: Database.Database, busyTimeoutMs: number): SqliteDatabase {
  let contended = false;
  const beginImmediate = () => {
    if (contended) database.pragma('busy_timeout = 0');
    try {
      database.exec('BEGIN IMMEDIATE');
      contended = false;
    } catch (error) {
      if (lockedOut(error)) contended = true;
      throw error;
    } finally {
      database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    }
  };
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const verb = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
      if (verb === 'begin') return control(beginImmediate);
      if (verb === 'commit' || verb === 'rollback' || verb === 'end')
        return control(() => database.exec(sql));
      const statement = database.prepare(sql);
      if (verb === 'select') return statement as unknown as SqliteStatement;
      return writing(database, beginImmediate, statement);
    },
  };
}

/** A transaction-control statement, run by `exec`. */
function control(exec: () => void): SqliteStatement {
  const run = () => {
    exec();
    return { changes: 0, lastInsertRowid: 0 };
  };
  return {
    reader: false,
    run,
    all: () => {
      run();
      return [];
    },
    iterate: () => {
      run();
      return [][Symbol.iterator]();
    },
  };
}

/** A write: inside a transaction as it is (the lock is held); outside, in one of its own. */
function writing(
  database: Database.Database,
  beginImmediate: () => void,
  statement: Database.Statement,
): SqliteStatement {
  const atomically = <T>(work: () => T): T => {
    if (database.inTransaction) return work();
    beginImmediate();
    try {
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      if (database.inTransaction) database.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    get reader() {
      return statement.reader;
    },
    run: (parameters: Parameters) => atomically(() => statement.run(parameters)),
    all: (parameters: Parameters) => atomically(() => statement.all(parameters)),
    iterate: (parameters: Parameters) =>
      atomically(() => [...statement.iterate(parameters)])[Symbol.iterator](),
  };
}
