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
 *
 * Prepared statements are kept by their SQL (the last STATEMENTS_KEPT used) and run again: a
 * statement's native memory is given back only when V8 collects its small wrapper, which a process
 * with a quiet heap does seldom (10,000 lookups each preparing its own held 42 MB more than one
 * statement run 10,000 times). libsql resets a statement before each run, so one run again starts
 * afresh, after a failure or a read not run to its end too; a statement that failed is dropped
 * all the same (left to the collector, as every statement was before), so none that met an error
 * is run again.
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type Database from 'libsql';
import { lockedOut } from './patience.js';

type Parameters = ReadonlyArray<unknown>;

/** Prepared statements kept for reuse, the least recently used dropped first. */
export const STATEMENTS_KEPT = 100;

/** The statements kept, by SQL: `get` prepares one not kept; `drop` forgets one. */
function statementCache(database: Database.Database) {
  const kept = new Map<string, Database.Statement>();
  return {
    get(sql: string): Database.Statement {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      return statement;
    },
    drop(sql: string, statement: Database.Statement): void {
      if (kept.get(sql) === statement) kept.delete(sql);
    },
    clear: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}

/** A kept statement as Kysely runs it: one whose run fails is no longer kept. */
function dropOnFailure(statement: Database.Statement, drop: () => void): SqliteStatement {
  const guard =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } catch (error) {
        drop();
        throw error;
      }
    };
  return {
    get reader() {
      return statement.reader;
    },
    run: guard((parameters: Parameters) => statement.run(parameters)),
    all: guard((parameters: Parameters) => statement.all(parameters)),
    // Read whole at once, so a statement is never left part-way through its rows.
    iterate: guard((parameters: Parameters) => statement.all(parameters)[Symbol.iterator]()),
  } as SqliteStatement;
}

export function lockSafe(
  database: Database.Database,
  busyTimeoutMs: number,
): SqliteDatabase & {
  /** How many prepared statements are kept (tests). */
  readonly statementsKept: number;
} {
  const statements = statementCache(database);
  let contended = false;
  // By `exec`, which prepares no statement object (libsql's `pragma` prepares one a call).
  const busyTimeout = (ms: number) => database.exec(`PRAGMA busy_timeout = ${ms}`);
  const beginImmediate = () => {
    if (contended) busyTimeout(0);
    try {
      database.exec('BEGIN IMMEDIATE');
      contended = false;
    } catch (error) {
      if (lockedOut(error)) contended = true;
      throw error;
    } finally {
      busyTimeout(busyTimeoutMs);
    }
  };
  return {
    // The kept statements go first: one run after the close must meet libsql's "not open" error at
    // its prepare, not reach `inTransaction`, which on a closed connection aborts the process.
    close: () => {
      statements.clear();
      database.close();
    },
    get statementsKept() {
      return statements.size;
    },
    prepare(sql: string): SqliteStatement {
      const verb = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
      if (verb === 'begin') return control(beginImmediate);
      if (verb === 'commit' || verb === 'rollback' || verb === 'end')
        return control(() => database.exec(sql));
      const prepared = statements.get(sql);
      const statement = dropOnFailure(prepared, () => statements.drop(sql, prepared));
      if (verb === 'select') return statement;
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
  statement: SqliteStatement,
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
