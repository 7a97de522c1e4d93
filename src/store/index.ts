/**
 * The store: each Discord server's API credential (sealed, see crypto.ts) and settings, in a SQLite
 * file under DATA_DIR (default) or in PostgreSQL (DATABASE_URL). It knows nothing of Discord or the
 * API: ids are opaque strings to it. Its guarantees (migrated before `openStore` resolves, a write
 * resolved only once committed, one sentence for a database that cannot be reached or a wrong key,
 * `StoreError` 'unavailable' after, no long block of the event loop) are docs/store.md's.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, type KyselyConfig, Migrator, SqliteDialect, sql } from 'kysely';
import Database from 'libsql';
import { Circuit } from '../base/circuit.js';
import type { Logger } from '../base/log.js';
import { type AllowanceStore, apiLimitsOf, SqlAllowance } from './allowance.js';
import { type AnswerStore, SqlAnswers } from './answers.js';
import { CHECKPOINT_EVERY_MS, type CheckpointCounts, Checkpointer } from './checkpoint.js';
import { Keyring, SealError, tokenFingerprint, tokenHash } from './crypto.js';
import { type DigestStore, SqlDigests } from './digests.js';
import { type DirectoryStore, SqlDirectory } from './directory.js';
import { reasonOf, StoreError } from './errors.js';
import { forget, reopen } from './fence.js';
import { lookupRows } from './lookup.js';
import {
  COMMUNITY_COLUMN,
  MIGRATION_LOCK_TABLE,
  MIGRATION_TABLE,
  migrations,
  type Run,
  type Tables,
} from './migrations.js';
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_LOCK_PATIENCE_MS, whileLocked } from './patience.js';
import {
  isOutage,
  PG_CIRCUIT_PAUSE_MS,
  PG_QUERY_TIMEOUT_MS,
  postgresPool,
  StoreDialect,
} from './postgres.js';
import { type ReminderStore, SqlReminders } from './reminders.js';
import {
  defaultSettings,
  type GuildSettings,
  type GuildSettingsInput,
  guildSettingsSchema,
} from './settings.js';
import { type SnapshotStore, SqlSnapshots } from './snapshot.js';
import { lockSafe } from './sqlite.js';

export type { AnswerStore, SavedAnswer } from './answers.js';
export { tokenFingerprint } from './crypto.js';
export type { DirectoryStore } from './directory.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export {
  defaultSettings,
  type GuildSettings,
  type GuildSettingsInput,
  guildSettingsSchema,
} from './settings.js';

/** The SQLite file's name inside DATA_DIR. */
export const SQLITE_FILE = 'rollcall.sqlite';

export interface StoreOptions {
  /** A postgres:// URL: use PostgreSQL. Unset: a SQLite file under `dataDir`. */
  databaseUrl?: string;
  /** Folder of the SQLite file (created if missing); default ./data. */
  dataDir?: string;
  /** PostgreSQL only: the schema to keep the tables in (created if missing); default: the search path's. */
  schema?: string;
  /** ROLLCALL_SECRET_KEY (32 bytes). Without it, stored tokens can be neither written nor read. */
  secretKey?: Buffer;
  /** ROLLCALL_SECRET_KEY_PREVIOUS: still opens rows sealed before a rotation; never seals. */
  previousKey?: Buffer;
  /** How long to wait for a PostgreSQL connection (ms); default 5000. */
  connectTimeoutMs?: number;
  /** PostgreSQL: a query's client-side deadline (ms), after which its connection is dropped; default 3000. */
  queryTimeoutMs?: number;
  /** SQLite: how long SQLite itself waits for another connection's lock in one attempt (ms); default 25. */
  busyTimeoutMs?: number;
  /** SQLite: how long a call keeps retrying while another connection holds the lock (ms); default 5000. */
  lockPatienceMs?: number;
  /** SQLite: how often the checkpoint thread checkpoints (ms); default CHECKPOINT_EVERY_MS. */
  checkpointEveryMs?: number;
  /** SQLite: the module the checkpoint thread loads the driver from; default libsql. For tests. */
  checkpointDriver?: string;
  /**
   * PostgreSQL: after a call found the database not answering, calls fail at once this long before
   * the next is let through to try (ms); default PG_CIRCUIT_PAUSE_MS. See `Circuit` (src/base/circuit.ts).
   */
  circuitPauseMs?: number;
  /** The circuit's clock for its pause (ms, monotonic); default performance.now. For tests. */
  circuitClock?: () => number;
  /**
   * Where the store says that the database stopped and started answering (once each), and that
   * SQLite's checkpoint thread failed (once).
   */
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Errors of idle PostgreSQL connections (the server restarted): reported here instead of crashing. */
  onBackgroundError?: (error: StoreError) => void;
  /** Clock, for tests. */
  now?: () => number;
  /**
   * Told of every statement the store's connection ran (its SQL text, never its parameters), as it
   * ends; for tests that count them. Statements of migrations and the key check at opening included.
   */
  onStatement?: (sql: string) => void;
}

/** What may be shown about a linked server: never the token. */
export interface CredentialInfo {
  guildId: string;
  /** Short hash of the token (tokenFingerprint), to tell tokens apart. */
  fingerprint: string;
  /** The community server the token belongs to, when known at linking. */
  communityId: string | undefined;
  /** Who linked it (a user id). */
  linkedBy: string;
  linkedAt: Date;
  /** When the API last rejected the token (401); undefined while it is usable. */
  invalidAt: Date | undefined;
  keyId: string;
}

export interface Credential extends CredentialInfo {
  token: string;
}

export interface CredentialInput {
  token: string;
  linkedBy: string;
  communityId?: string;
}

/** What an interaction needs of the store about its server (`Store.lookup`). */
export interface GuildLookup {
  /** The server's credential with its token opened, or undefined when none is linked. */
  credential: Credential | undefined;
  /** The server's settings (the defaults when none were saved). */
  settings: GuildSettings;
  /** As `allowance.tokenLimits({ guildId })`: the API limits of every server linked to its token. */
  tokenLimits: (string | undefined)[];
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data is, safe to log: a file path, or postgres://host:port/database. */
  readonly location: string;
  /** The schema version: the name of the last applied migration. */
  version(): Promise<string | undefined>;
  /** The server's credential with its token opened, or undefined when none is linked. */
  getCredential(guildId: string): Promise<Credential | undefined>;
  /**
   * `getCredential`, `getSettings` and `allowance.tokenLimits({ guildId })` in one statement (what
   * every interaction asks), failing as they do ('unreadable', 'settings').
   */
  lookup(guildId: string): Promise<GuildLookup>;
  /** The server's credential without opening the token (for showing its state). */
  describeCredential(guildId: string): Promise<CredentialInfo | undefined>;
  /** Seal and save (or replace) the server's token; resolves once committed. */
  saveCredential(guildId: string, input: CredentialInput): Promise<CredentialInfo>;
  /** Mark the server's token as rejected by the API; false when none is linked. */
  markInvalid(guildId: string): Promise<boolean>;
  /**
   * Forget everything about the server (credential and settings), and its community's data when no
   * other server reads it: resolves with that community (its credential's hash) then, fenced off so
   * that no later write of it lands (src/store/fence.ts) until its token is linked again.
   */
  deleteGuild(guildId: string): Promise<string | undefined>;
  /** The server's settings (the defaults when none were saved). */
  getSettings(guildId: string): Promise<GuildSettings>;
  /** Validate and save the server's settings; resolves once committed, with what was saved. */
  saveSettings(guildId: string, settings: GuildSettingsInput): Promise<GuildSettings>;
  /** Seal every token not under the current key again under it; returns how many were resealed. */
  reencryptAll(): Promise<number>;
  /**
   * SQLite: checkpoint the WAL now, in the checkpoint thread, and say how commits reach the disk
   * (docs/store.md, "Durability"); PostgreSQL: undefined.
   */
  checkpoint(): Promise<CheckpointState | undefined>;
  /** Closes the connections (SQLite: then the checkpoint thread's last checkpoint, and the thread). */
  close(): Promise<void>;
  readonly snapshots: SnapshotStore;
  readonly digests: DigestStore;
  readonly reminders: ReminderStore;
  readonly allowance: AllowanceStore;
  readonly directory: DirectoryStore;
  readonly answers: AnswerStore;
}

/** How a SQLite store's commits reach the disk, as its own connection reports it. */
interface CheckpointState {
  /** Who checkpoints: the store's thread, or SQLite itself on the event loop (the thread failed). */
  by: 'thread' | 'sqlite';
  /** The connection's `PRAGMA synchronous`: 1 NORMAL, 2 FULL. */
  synchronous: number;
  /** The connection's `PRAGMA wal_autocheckpoint` (pages; 0: SQLite never checkpoints by itself). */
  autocheckpoint: number;
  /** What the thread's checkpoint did; undefined when SQLite checkpoints by itself. */
  counts: CheckpointCounts | undefined;
}

/** The WAL's size (pages) at which SQLite checkpoints by itself when the thread failed (its default). */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** Open (creating and migrating as needed) the store the options point to. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const connection = options.databaseUrl ? connectPostgres(options) : connectSqlite(options);
  const { db, kind, location, patiently, circuit, checkpoints } = connection;
  try {
    await patiently(() => probe(db, kind, location));
    if (kind === 'postgres' && options.schema) {
      await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
    }
    const schema = kind === 'postgres' ? await currentSchema(db, location) : undefined;
    await patiently(() => migrate(db, location, schema));
    const keyring = options.secretKey ? new Keyring(options.secretKey, options.previousKey) : undefined;
    await patiently(() => checkKeys(db, keyring));
    const parts = { keyring, now: options.now ?? Date.now, patiently, circuit, checkpoints };
    return new SqlStore(db, kind, location, parts);
  } catch (error) {
    await db.destroy().catch(() => {});
    await checkpoints?.close();
    throw error;
  }
}

interface Connection {
  db: Kysely<Tables>;
  kind: Store['kind'];
  location: string;
  /** Runs a whole statement or transaction, again while SQLite reports another connection's lock. */
  patiently: Run;
  /**
   * PostgreSQL's: every call after the store opened goes through it, so a database that stops
   * answering costs one wait (the query timeout), then calls fail at once until it answers again.
   * SQLite has none: a local file does not go silent, and its lock has its own patience.
   */
  circuit?: Circuit;
  /** SQLite's: the checkpoints, off the event loop while the thread runs. */
  checkpoints?: Checkpoints;
}

interface Checkpoints {
  /** Checkpoint now (in the thread, when it runs), and say how commits reach the disk. */
  state(): Promise<CheckpointState>;
  /** After the store's connection closed: the thread's last checkpoint, and the thread stopped. */
  close(): Promise<void>;
}

function connectSqlite(options: StoreOptions): Connection {
  const dir = resolve(options.dataDir ?? './data');
  const file = join(dir, SQLITE_FILE);
  const busyTimeoutMs = Math.max(0, Math.round(options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS));
  let database: Database.Database;
  try {
    mkdirSync(dir, { recursive: true });
    database = new Database(file);
    // First, so that not even the next pragmas block the event loop for long (see patience.ts).
    database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // WAL: readers never wait for a writer (nor a writer for readers), so a held write lock delays
    // only writes. synchronous=NORMAL: a commit is in the WAL (the OS's, not yet the disk's) when
    // the statement returns; no fsync on the event loop. The disk's copy is the checkpoint thread's
    // (checkpoint.ts), every few seconds: a crash of the process loses nothing, a power loss may
    // roll back the commits since its last checkpoint (docs/store.md, "Durability").
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('wal_autocheckpoint = 0');
  } catch (error) {
    throw new StoreError(
      'unavailable',
      `The store file ${file} cannot be opened (${reasonOf(error)}); check DATA_DIR and that the folder is writable.`,
      { cause: error },
    );
  }
  const patienceMs = options.lockPatienceMs ?? SQLITE_LOCK_PATIENCE_MS;
  return {
    db: new Kysely<Tables>({
      dialect: new SqliteDialect({ database: lockSafe(database, busyTimeoutMs) }),
      ...statementLog(options),
    }),
    kind: 'sqlite',
    location: file,
    patiently: (attempt) => whileLocked(attempt, patienceMs),
    checkpoints: sqliteCheckpoints(database, file, options),
  };
}

/**
 * The checkpoint thread of the store's file; when it fails (at start or later), said once, and
 * SQLite checkpoints by itself again on the store's connection (on the event loop, fsyncs included).
 */
function sqliteCheckpoints(database: Database.Database, file: string, options: StoreOptions): Checkpoints {
  const automatic = (reason: string) => {
    options.logger?.warn(
      { file, reason },
      'the SQLite checkpoint thread failed; SQLite checkpoints by itself again, on the event loop',
    );
    try {
      database.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    } catch {
      // the connection closed meanwhile: nothing left to checkpoint on it
    }
  };
  let thread: Checkpointer | undefined;
  try {
    thread = new Checkpointer({
      file,
      everyMs: options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS,
      busyTimeoutMs: options.lockPatienceMs ?? SQLITE_LOCK_PATIENCE_MS,
      ...(options.checkpointDriver ? { driver: options.checkpointDriver } : {}),
      onFailure: automatic,
    });
  } catch (error) {
    automatic(reasonOf(error));
  }
  return {
    async state() {
      const counts = await thread?.checkpoint();
      return {
        by: counts ? 'thread' : 'sqlite',
        synchronous: pragmaNumber(database, 'synchronous'),
        autocheckpoint: pragmaNumber(database, 'wal_autocheckpoint'),
        counts,
      };
    },
    close: async () => thread?.close(),
  };
}

/** A pragma's value (libsql's `simple` option gives its row, not its value). */
function pragmaNumber(database: Database.Database, name: string): number {
  const rows = database.pragma(name) as Array<Record<string, unknown>>;
  return Number(rows[0]?.[name]);
}

function connectPostgres(options: StoreOptions): Connection {
  const url = options.databaseUrl as string;
  const location = describeUrl(url);
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
    throw new RangeError('a PostgreSQL schema name is lower-case letters, digits and _');
  }
  const queryTimeoutMs = options.queryTimeoutMs ?? PG_QUERY_TIMEOUT_MS;
  const { pool, kysely } = postgresPool({
    connectionString: url,
    max: 4,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    queryTimeoutMs,
    schema: options.schema,
  });
  // A connection dropped by the server must not crash the process: when idle, the pool reports it
  // here and reconnects for the next query; when checked out, its query fails (or the next one on
  // it does) and that caller gets a StoreError. Without a listener on each client, a connection
  // that ends between checkout and query would be an uncaught 'error' event.
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', (error) => options.onBackgroundError?.(unavailable(location, error)));
  return {
    db: new Kysely<Tables>({ dialect: new StoreDialect({ pool: kysely }), ...statementLog(options) }),
    kind: 'postgres',
    location,
    // PostgreSQL waits for its row locks itself, without blocking this process.
    patiently: (attempt) => attempt(),
    circuit: new Circuit({
      name: `the database at ${location}`,
      // A call waiting for a connection is bounded too (a relay that accepts and passes nothing);
      // a silent connection's own query timeout comes first, and names itself.
      deadlineMs: queryTimeoutMs + 250,
      pauseMs: options.circuitPauseMs ?? PG_CIRCUIT_PAUSE_MS,
      isOutage,
      ...(options.circuitClock ? { clock: options.circuitClock } : {}),
      late: (ms) => unavailable(location, new Error(`no answer within ${ms} ms`)),
      ...(options.logger ? { logger: options.logger } : {}),
    }),
  };
}

/** Kysely's log option telling `onStatement` of every statement, when set. */
function statementLog(options: StoreOptions): Pick<KyselyConfig, 'log'> {
  const tell = options.onStatement;
  return tell ? { log: (event) => tell(event.query.sql) } : {};
}

/** postgres://host:port/database: the URL without user, password or parameters. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

function unavailable(location: string, error: unknown): StoreError {
  return new StoreError('unavailable', `The database at ${location} is not answering (${reasonOf(error)}).`, {
    cause: error,
  });
}

async function probe(db: Kysely<Tables>, kind: Store['kind'], location: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const fix = kind === 'postgres' ? 'check DATABASE_URL and that PostgreSQL is running' : 'check DATA_DIR';
    throw new StoreError(
      'unavailable',
      `The database at ${location} cannot be reached (${reasonOf(error)}); ${fix}.`,
      { cause: error },
    );
  }
}

/**
 * The PostgreSQL schema the store's tables go to (the first of the search path that exists).
 * The migrator must be told: without it, it looks for its own tables in every schema of the
 * database, so a second Rollcall (or a test) in another schema of the same database made it skip
 * creating them here and fail on "relation rollcall_migration_lock does not exist".
 */
async function currentSchema(db: Kysely<Tables>, location: string): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema) return schema;
  throw new StoreError(
    'unavailable',
    `The database at ${location} has none of the schemas of its search path; create one or fix the search_path.`,
  );
}

async function migrate(db: Kysely<Tables>, location: string, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error === undefined) return;
  if (error instanceof Error && /corrupted migrations/i.test(error.message)) {
    throw new StoreError(
      'schema',
      `The database at ${location} was set up by a newer version of Rollcall (its schema has migrations this version does not know); run that version or newer.`,
      { cause: error },
    );
  }
  throw new StoreError(
    'unavailable',
    `The database at ${location} could not be brought to this version's schema (${reasonOf(error)}).`,
    { cause: error },
  );
}

/** Every stored token must open with the configured keys: refuse to start otherwise. */
async function checkKeys(db: Kysely<Tables>, keyring: Keyring | undefined): Promise<void> {
  const groups = await db
    .selectFrom('credentials')
    .select((eb) => ['key_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('key_id')
    .execute();
  const count = (rows: typeof groups) => rows.reduce((sum, r) => sum + Number(r.n), 0);
  if (groups.length === 0) return;
  if (!keyring) {
    throw new StoreError(
      'key',
      `ROLLCALL_SECRET_KEY is not set, but the store holds ${count(groups)} sealed API token(s); set the key they were sealed with.`,
    );
  }
  const unknown = groups.filter((g) => !keyring.find(g.key_id));
  if (unknown.length > 0) {
    throw new StoreError(
      'key',
      `ROLLCALL_SECRET_KEY is not the key that sealed ${count(unknown)} stored API token(s) (key id ${unknown.map((g) => g.key_id).join(', ')}; the configured key's id is ${keyring.current.id}). Set the key they were sealed with, or put it in ROLLCALL_SECRET_KEY_PREVIOUS while rotating to a new one.`,
    );
  }
}

class SqlStore implements Store {
  readonly snapshots: SnapshotStore;
  readonly digests: DigestStore;
  readonly reminders: ReminderStore;
  readonly allowance: AllowanceStore;
  readonly directory: DirectoryStore;
  readonly answers: AnswerStore;

  private readonly keyring: Keyring | undefined;
  private readonly now: () => number;
  private readonly patiently: Run;
  private readonly circuit: Circuit | undefined;
  private readonly checkpoints: Checkpoints | undefined;

  constructor(
    private readonly db: Kysely<Tables>,
    readonly kind: Store['kind'],
    readonly location: string,
    parts: Pick<Connection, 'patiently' | 'circuit' | 'checkpoints'> & {
      keyring: Keyring | undefined;
      now: () => number;
    },
  ) {
    this.keyring = parts.keyring;
    this.now = parts.now;
    this.patiently = parts.patiently;
    this.circuit = parts.circuit;
    this.checkpoints = parts.checkpoints;
    const { now } = parts;
    this.snapshots = new SqlSnapshots(db, (query) => this.run(query), now);
    this.digests = new SqlDigests(db, (query) => this.run(query), now);
    this.reminders = new SqlReminders(db, (query) => this.run(query), now);
    this.allowance = new SqlAllowance(db, (query) => this.run(query), now);
    this.directory = new SqlDirectory(db, (query) => this.run(query), now);
    this.answers = new SqlAnswers(db, (query) => this.run(query));
  }

  version(): Promise<string | undefined> {
    return this.run(async () => {
      const row = await this.db
        .selectFrom(MIGRATION_TABLE as never)
        .select(sql<string>`max(name)`.as('name'))
        .executeTakeFirst();
      return (row as { name: string | null } | undefined)?.name ?? undefined;
    });
  }

  async getCredential(guildId: string): Promise<Credential | undefined> {
    const keyring = this.requireKeyring();
    const row = await this.run(() =>
      this.db.selectFrom('credentials').selectAll().where('guild_id', '=', guildId).executeTakeFirst(),
    );
    return row ? opened(keyring, row) : undefined;
  }

  async lookup(guildId: string): Promise<GuildLookup> {
    const keyring = this.requireKeyring();
    const rows = await lookupRows(this.db, (query) => this.run(query), guildId);
    return {
      credential: rows.credential ? opened(keyring, rows.credential) : undefined,
      settings: rows.settings === undefined ? defaultSettings() : parsedSettings(rows.settings),
      tokenLimits: rows.linkedSettings.map(apiLimitsOf),
    };
  }

  async describeCredential(guildId: string): Promise<CredentialInfo | undefined> {
    const row = await this.run(() =>
      this.db.selectFrom('credentials').selectAll().where('guild_id', '=', guildId).executeTakeFirst(),
    );
    return row ? info(row) : undefined;
  }

  async saveCredential(guildId: string, input: CredentialInput): Promise<CredentialInfo> {
    const keyring = this.requireKeyring();
    if (input.token === '') throw new RangeError('the token is empty');
    const { keyId, sealed } = keyring.seal(guildId, input.token);
    const now = this.now();
    const row: Tables['credentials'] = {
      guild_id: guildId,
      sealed,
      key_id: keyId,
      fingerprint: tokenFingerprint(input.token),
      community_id: input.communityId ?? null,
      linked_by: input.linkedBy,
      linked_at: now,
      invalid_at: null,
      updated_at: now,
    };
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('credentials')
          .values(row)
          .onConflict((oc) =>
            oc.column('guild_id').doUpdateSet({
              sealed: row.sealed,
              key_id: row.key_id,
              fingerprint: row.fingerprint,
              community_id: row.community_id,
              linked_by: row.linked_by,
              linked_at: row.linked_at,
              invalid_at: null,
              updated_at: row.updated_at,
            }),
          )
          .execute();
        // A community forgotten before (unlinked) is written again from its new link on.
        await reopen(trx, tokenHash(input.token));
      }),
    );
    return info(row);
  }

  async markInvalid(guildId: string): Promise<boolean> {
    const now = this.now();
    const result = await this.run(() =>
      this.db
        .updateTable('credentials')
        .set({ invalid_at: now, updated_at: now })
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteGuild(guildId: string): Promise<string | undefined> {
    // The community's snapshot and directory go too, unless another server reads the same community with the
    // same token (its community is the token's hash, which only the opened token gives).
    const row = await this.run(() =>
      this.db.selectFrom('credentials').selectAll().where('guild_id', '=', guildId).executeTakeFirst(),
    );
    let community: string | undefined;
    if (row && this.keyring) {
      try {
        community = tokenHash(this.keyring.open(guildId, row.key_id, row.sealed));
      } catch {
        community = undefined; // a token that no longer opens: its snapshot cannot be found
      }
    }
    const now = this.now();
    return this.run(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('credentials').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('guild_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('report_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('digest_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('digest_runs').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('reminder_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('reminder_posts').where('guild_id', '=', guildId).execute();
        if (community !== undefined && row) {
          const shared = await trx
            .selectFrom('credentials')
            .select('guild_id')
            .where('fingerprint', '=', row.fingerprint)
            .executeTakeFirst();
          if (!shared) {
            // The fence first: a write of the community waiting on its row (PostgreSQL) sees the
            // mark once this commits; one that took it before is committed, so deleted below.
            await forget(trx, community, now);
            await trx.deleteFrom('snapshot_pages').where(COMMUNITY_COLUMN, '=', community).execute();
            await trx.deleteFrom('directory').where(COMMUNITY_COLUMN, '=', community).execute();
            await trx.deleteFrom('saved_answers').where(COMMUNITY_COLUMN, '=', community).execute();
            await trx.deleteFrom('saved_answer_totals').where(COMMUNITY_COLUMN, '=', community).execute();
            return community;
          }
        }
        return undefined;
      }),
    );
  }

  async getSettings(guildId: string): Promise<GuildSettings> {
    const row = await this.run(() =>
      this.db
        .selectFrom('guild_settings')
        .select('settings')
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return row ? parsedSettings(row.settings) : defaultSettings();
  }

  async saveSettings(guildId: string, input: GuildSettingsInput): Promise<GuildSettings> {
    const settings = guildSettingsSchema.parse(input);
    const json = JSON.stringify(settings);
    const now = this.now();
    await this.run(() =>
      this.db
        .insertInto('guild_settings')
        .values({ guild_id: guildId, settings: json, updated_at: now })
        .onConflict((oc) => oc.column('guild_id').doUpdateSet({ settings: json, updated_at: now }))
        .execute(),
    );
    return settings;
  }

  async reencryptAll(): Promise<number> {
    const keyring = this.requireKeyring();
    const stale = await this.run(() =>
      this.db
        .selectFrom('credentials')
        .select(['guild_id', 'key_id', 'sealed'])
        .where('key_id', '<>', keyring.current.id)
        .execute(),
    );
    let resealed = 0;
    for (const row of stale) {
      let token: string;
      try {
        token = keyring.open(row.guild_id, row.key_id, row.sealed);
      } catch (error) {
        throw new StoreError(
          'unreadable',
          `The stored API token of server ${row.guild_id} ${(error as Error).message}; it was left as it is.`,
          { cause: error },
        );
      }
      const { keyId, sealed } = keyring.seal(row.guild_id, token);
      // Only if nobody replaced it meanwhile (a new token is already sealed under the current key).
      const result = await this.run(() =>
        this.db
          .updateTable('credentials')
          .set({ key_id: keyId, sealed, updated_at: this.now() })
          .where('guild_id', '=', row.guild_id)
          .where('sealed', '=', row.sealed)
          .executeTakeFirst(),
      );
      resealed += Number(result.numUpdatedRows);
    }
    return resealed;
  }

  async checkpoint(): Promise<CheckpointState | undefined> {
    return this.checkpoints?.state();
  }

  async close(): Promise<void> {
    try {
      await this.db.destroy();
    } finally {
      await this.checkpoints?.close();
    }
  }

  private requireKeyring(): Keyring {
    if (this.keyring) return this.keyring;
    throw new StoreError(
      'key',
      'ROLLCALL_SECRET_KEY is not set, so stored API tokens can be neither saved nor read.',
    );
  }

  /**
   * Run a query (a whole statement or transaction, redone whole while another connection holds
   * SQLite's lock); any failure of the database becomes a StoreError naming where it is.
   */
  private run<T>(query: () => Promise<T>): Promise<T> {
    const attempt = async () => {
      try {
        return await this.patiently(query);
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw unavailable(this.location, error);
      }
    };
    if (!this.circuit) return attempt();
    return this.circuit.run(
      attempt,
      () =>
        new StoreError(
          'unavailable',
          `The database at ${this.location} is not answering (no answer a moment ago; it is asked again shortly).`,
        ),
    );
  }
}

function info(row: Tables['credentials']): CredentialInfo {
  return {
    guildId: row.guild_id,
    fingerprint: row.fingerprint,
    communityId: row.community_id ?? undefined,
    linkedBy: row.linked_by,
    linkedAt: new Date(Number(row.linked_at)),
    invalidAt: row.invalid_at === null ? undefined : new Date(Number(row.invalid_at)),
    keyId: row.key_id,
  };
}

/** A credential row with its token opened; StoreError 'unreadable' when it does not open. */
function opened(keyring: Keyring, row: Tables['credentials']): Credential {
  try {
    return { ...info(row), token: keyring.open(row.guild_id, row.key_id, row.sealed) };
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    throw new StoreError(
      'unreadable',
      `The stored API token of server ${row.guild_id} ${error.message}; it must be linked again.`,
      { cause: error },
    );
  }
}

/** Stored settings JSON, validated; StoreError 'settings' when it does not validate. */
function parsedSettings(json: string): GuildSettings {
  const parsed = guildSettingsSchema.safeParse(safeJson(json));
  // Never the defaults instead: they would drop the server's access roles (open to everyone).
  if (!parsed.success) throw new StoreError('settings', "this server's stored settings do not validate");
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
