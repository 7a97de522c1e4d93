/**
 * Fresh, isolated places for a store: a temporary folder for SQLite, a schema of its own in the
 * PostgreSQL at 127.0.0.1:5432 (database `test`), so tests and parallel runs never share tables.
 * Each place also reads and writes its tables directly (to copy or alter rows as an attacker or a
 * broken disk would) and dumps everything the database holds, to look for secrets in it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import pg from 'pg';
import { SQLITE_FILE, type StoreOptions } from '../../src/store/index.js';
import { reachable } from '../support/redis.js';

export const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const pgUp = await reachable(5432);
/** CI must run the PostgreSQL tests; elsewhere they are skipped (visibly) when nothing listens. */
export const runPostgres = pgUp || process.env.CI === 'true';

export interface Place {
  /** What `openStore` needs to open the store here (without keys). */
  options: StoreOptions;
  /** Run one statement directly against the store's tables; returns the rows. */
  query(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Everything the database holds for this place, as bytes or text (files, table dump). */
  dump(): Promise<string>;
  remove(): Promise<void>;
}

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Shown in the suite's title. */
  title: string;
  run: boolean;
  fresh(): Promise<Place>;
}

export const sqlite: Backend = {
  name: 'sqlite',
  title: 'SQLite file under DATA_DIR',
  run: true,
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'rollcall-store-'));
    const file = join(dir, SQLITE_FILE);
    return {
      options: { dataDir: dir },
      async query(text, params = []) {
        const db = new Database(file);
        try {
          const statement = db.prepare(text);
          if (statement.reader) return statement.all(...params) as Array<Record<string, unknown>>;
          statement.run(...params);
          return [];
        } finally {
          db.close();
        }
      },
      async dump() {
        // The database file and its write-ahead log and index, byte for byte.
        return readdirSync(dir)
          .map((name) => readFileSync(join(dir, name)).toString('latin1'))
          .join('\n');
      },
      async remove() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const postgres: Backend = {
  name: 'postgres',
  title: runPostgres
    ? 'PostgreSQL at 127.0.0.1:5432'
    : 'PostgreSQL at 127.0.0.1:5432 (skipped: nothing listens there and CI is not set)',
  run: runPostgres,
  async fresh() {
    const schema = `rollcall_test_${randomBytes(6).toString('hex')}`;
    const connect = async () => {
      const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      await client.connect();
      return client;
    };
    return {
      options: { databaseUrl: PG_URL, schema },
      async query(text, params = []) {
        const client = await connect();
        try {
          // SQLite's ? placeholders become $1, $2 ...
          let n = 0;
          const result = await client.query(
            text.replace(/\?/g, () => `$${++n}`),
            params,
          );
          return result.rows;
        } finally {
          await client.end();
        }
      },
      async dump() {
        const client = await connect();
        const parts: string[] = [];
        try {
          const tables = await client.query(
            'select table_name from information_schema.tables where table_schema = $1',
            [schema],
          );
          for (const { table_name } of tables.rows as Array<{ table_name: string }>) {
            const rows = await client.query(`select row_to_json(t)::text as j from "${table_name}" t`);
            parts.push(...rows.rows.map((r: { j: string }) => r.j));
          }
        } finally {
          await client.end();
        }
        const pgDump = spawnSync('pg_dump', ['--dbname', PG_URL, '--schema', schema, '--data-only'], {
          encoding: 'utf8',
        });
        if (pgDump.status === 0) parts.push(pgDump.stdout);
        return parts.join('\n');
      },
      async remove() {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${schema}" cascade`);
        } finally {
          await client.end();
        }
      },
    };
  },
};

export const backends = [sqlite, postgres];
