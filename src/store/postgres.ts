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
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

/** Client-side deadline of one query (ms): the credential lookup itself gives up at 2 s. */
export const PG_QUERY_TIMEOUT_MS = 3_000;
/** A pooled connection unused this long is closed (ms). */
export const PG_IDLE_TIMEOUT_MS = 30_000;
/** Silence on a connection before TCP keepalive probes start (ms). */
export const PG_KEEPALIVE_DELAY_MS = 10_000;
/** A transaction left open this long by a client that vanished is ended by the server (ms). */
const PG_IDLE_IN_TRANSACTION_MS = 30_000;

export interface PoolOptions {
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
  const pool = new pg.Pool({
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
