/**
 * The PostgreSQL pool, kept from getting stuck on connections that went silent (the server's host
 * vanished, a firewall dropped the flow: no RST ever comes, so the socket looks alive forever).
 *
 * - Every query has a client-side deadline (`query_timeout`): the only timer that fires when the
 *   server stops answering. The server's own `statement_timeout` (two thirds of it) cancels a
 *   merely slow statement first, leaving the connection usable.
 * - A connection whose query hit that deadline is destroyed when it goes back, never pooled again
 *   (pg would leave it waiting for an answer that never comes, and every later query on it would
 *   time out too), so the next query gets a fresh connection.
 * - TCP keepalive and an idle timeout retire silent connections nobody is using.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import type pg from 'pg';
import { lazily } from '../base/lazy.js';
import { StoreError } from './errors.js';

/** pg, loaded when a PostgreSQL store is first opened: a SQLite store never loads it (src/base/lazy.ts). */
const driver = lazily<typeof pg>('pg');

/** Client-side deadline of one query (ms): the credential lookup itself gives up at 2 s. */
export const PG_QUERY_TIMEOUT_MS = 3_000;
/**
 * After a call found the database not answering, how long calls fail at once before the next one is
 * let through to try (ms): the month's count, the directory, saved answers and snapshots carry on
 * without the database meanwhile (src/base/circuit.ts).
 */
export const PG_CIRCUIT_PAUSE_MS = 30_000;

/** SQLSTATE classes that mean the database is not there to answer: connection, resources, operator, system. */
const OUTAGE_CLASSES = new Set(['08', '53', '57', '58']);
/**
 * Of class 57, query_canceled: the server's own `statement_timeout` cancelling a slow statement (one
 * waiting for a row lock, or starved of CPU), answered on a connection that stays usable. The
 * database is there: that call fails, the others go on.
 */
const CANCELLED = '57014';

/**
 * Whether a store call's failure means the database is down (not answering, unreachable, shutting
 * down), rather than one statement refused by a database that answered (a constraint, a type).
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof StoreError && error.code !== 'unavailable') return false;
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
    return code !== CANCELLED && OUTAGE_CLASSES.has(code.slice(0, 2));
  return true;
}

/** A pooled connection unused this long is closed (ms). */
const PG_IDLE_TIMEOUT_MS = 30_000;
/** Silence on a connection before TCP keepalive probes start (ms). */
const PG_KEEPALIVE_DELAY_MS = 10_000;
/** A transaction left open this long by a client that vanished is ended by the server (ms). */
const PG_IDLE_IN_TRANSACTION_MS = 30_000;

interface PoolOptions {
  connectionString: string;
  max: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  schema?: string;
}

/** pg's error for a query past `query_timeout`. */
function timedOut(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

export function postgresPool(options: PoolOptions): { pool: pg.Pool; kysely: PostgresPool } {
  const pool = new (driver().Pool)({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    statement_timeout: Math.max(1, Math.round((options.queryTimeoutMs * 2) / 3)),
    idle_in_transaction_session_timeout: PG_IDLE_IN_TRANSACTION_MS,
    idleTimeoutMillis: PG_IDLE_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_DELAY_MS,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const kysely: PostgresPool = {
    connect: async () => guarded(await pool.connect()),
    end: () => pool.end(),
  };
  return { pool, kysely };
}

/** The client as Kysely uses it, remembering whether a query on it timed out. */
function guarded(client: pg.PoolClient): PostgresPoolClient {
  let silent: Error | undefined;
  const query = (text: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
    // A cursor (streaming) is handed through as it is; the store does not stream.
    if (typeof text !== 'string') return client.query(text as never);
    // Nothing more on a connection that stopped answering: the rollback Kysely sends after a
    // failed statement of a transaction would only wait for its own timeout.
    if (silent) return Promise.reject(silent);
    return client.query(text, parameters as unknown[]).catch((error: unknown) => {
      if (timedOut(error)) silent = error as Error;
      throw error;
    });
  };
  return {
    query: query as PostgresPoolClient['query'],
    // With an error, pg-pool ends the client (pg destroys a socket with a query still out)
    // instead of pooling it.
    release: () => client.release(silent),
  };
}

/**
 * Kysely's PostgreSQL dialect, but looking only at the store's own schema when the migrator asks
 * which tables exist. Kysely's own introspector reads every column of every schema in the database
 * and calls `pg_get_serial_sequence` on each by name: a schema another program (or another test)
 * drops meanwhile makes that call fail with "schema … does not exist" (3F000), so opening the
 * store failed now and then while something else in the same database was being removed.
 * The migrator needs only the tables' names and schemas.
 */
export class StoreDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows.map(({ name }) => ({ name }));
  }

  /** The tables and views of the first schema of the search path (the store's), without columns. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.db);
    return rows.map(({ name, schema, kind }) => ({ name, schema, isView: kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
