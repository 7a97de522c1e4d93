/**
 * The store's schema, as versioned migrations applied in name order at start (docs/store.md). Never
 * edit an applied migration: add one. Every statement here must run on both SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const MIGRATION_TABLE = 'rollcall_migration';
export const MIGRATION_LOCK_TABLE = 'rollcall_migration_lock';

/**
 * The column that names a community (its credential's hash) in `snapshot_pages`, `directory`,
 * `saved_answers` and `saved_answer_totals`. It was named before the code settled on "community";
 * databases already hold it under this name, so the name stays (never change this value: the
 * migrations below created it so), and the code around it says community.
 * test/store/schema.test.ts checks it in a database.
 */
export const COMMUNITY_COLUMN = 'tenant';

export const migrations: Record<string, Migration> = {
  '0001_credentials_and_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('credentials')
        .addColumn('guild_id', 'varchar(32)', (c) => c.primaryKey())
        // The token, sealed: base64(nonce || ciphertext || tag); never the token in clear.
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('key_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('fingerprint', 'varchar(32)', (c) => c.notNull())
        .addColumn('community_id', 'varchar(64)')
        .addColumn('linked_by', 'varchar(32)', (c) => c.notNull())
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .addColumn('invalid_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credentials_key_id').on('credentials').column('key_id').execute();
      await db.schema
        .createTable('guild_settings')
        .addColumn('guild_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('guild_settings').execute();
      await db.schema.dropTable('credentials').execute();
    },
  },
  // Reports (src/store/snapshot.ts): each community's lists as the API pages they were read in, and
  // each server's report settings.
  '0003_reports': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('snapshot_pages')
        .addColumn(COMMUNITY_COLUMN, 'varchar(64)', (c) => c.notNull())
        .addColumn('resource', 'varchar(16)', (c) => c.notNull())
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('items', 'text', (c) => c.notNull())
        .addColumn('total_pages', 'integer', (c) => c.notNull())
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('snapshot_pages_pk', [COMMUNITY_COLUMN, 'resource', 'page'])
        .execute();
      await db.schema
        .createTable('report_settings')
        .addColumn('guild_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('report_settings').execute();
      await db.schema.dropTable('snapshot_pages').execute();
    },
  },
  // Scheduled digests (src/store/digests.ts): the unique key (guild, scheduled instant) lets exactly
  // one process post each run.
  '0004_digests': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('digest_settings')
        .addColumn('guild_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('problem', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('digest_runs')
        .addColumn('guild_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('digest_runs_pk', ['guild_id', 'scheduled_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('digest_runs').execute();
      await db.schema.dropTable('digest_settings').execute();
    },
  },
  // Digests due: `next_at` (ms) is when the scheduler next has something to look at for a server's
  // digest, so each round asks for the rows due (an index range) instead of reading every server's
  // settings. Existing rows get 0: due at the first round, which works out their next instant.
  '0005_digest_due': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('digest_settings')
        .addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('digest_settings_next_at')
        .on('digest_settings')
        .columns(['next_at', 'guild_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('digest_settings_next_at').execute();
      await db.schema.alterTable('digest_settings').dropColumn('next_at').execute();
    },
  },
  '0006_month_counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('month_counts')
        .addColumn('token', 'varchar(64)', (c) => c.notNull())
        .addColumn('month', 'varchar(32)', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('month_counts_pk', ['token', 'month'])
        .execute();
      await db.schema
        .createIndex('credentials_fingerprint')
        .on('credentials')
        .column('fingerprint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('credentials_fingerprint').execute();
      await db.schema.dropTable('month_counts').execute();
    },
  },
  // The directory of who is who (src/store/directory.ts): a member id is kept once.
  '0007_directory': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('directory')
        .addColumn(COMMUNITY_COLUMN, 'varchar(64)', (c) => c.notNull())
        .addColumn('member_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('directory_pk', [COMMUNITY_COLUMN, 'member_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('directory').execute();
    },
  },
  // Saved answers (src/store/answers.ts): `bytes` is the key's and the answer's UTF-8 length, summed
  // per community in `saved_answer_totals` to keep each within its bound.
  '0008_saved_answers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_answers')
        .addColumn(COMMUNITY_COLUMN, 'varchar(64)', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('fetched_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('saved_answers_pk', [COMMUNITY_COLUMN, 'key'])
        .execute();
      // Covering the oldest-first scan that makes room: it never reads the answers themselves.
      await db.schema
        .createIndex('saved_answers_age')
        .on('saved_answers')
        .columns([COMMUNITY_COLUMN, 'fetched_at', 'key', 'bytes'])
        .execute();
      // Each community's bytes, kept with every save and deletion (no save sums every row).
      await db.schema
        .createTable('saved_answer_totals')
        .addColumn(COMMUNITY_COLUMN, 'varchar(64)', (c) => c.primaryKey())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_answer_totals').execute();
      await db.schema.dropIndex('saved_answers_age').execute();
      await db.schema.dropTable('saved_answers').execute();
    },
  },
  // Leave reminders (src/store/reminders.ts): the unique key (server, LOA id, leave end) lets exactly
  // one process post each leave's reminder, once.
  '0009_leave_reminders': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminder_settings')
        .addColumn('guild_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('pings', 'integer', (c) => c.notNull())
        .addColumn('problem', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('reminder_posts')
        .addColumn('guild_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('loa_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminder_posts_pk', ['guild_id', 'loa_id', 'end_at'])
        .execute();
      await db.schema.createIndex('reminder_posts_end_at').on('reminder_posts').column('end_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('reminder_posts_end_at').execute();
      await db.schema.dropTable('reminder_posts').execute();
      await db.schema.dropTable('reminder_settings').execute();
    },
  },
  // The reports' page times (`pageTimes`: every saved page's number, count and age, asked at each
  // report) from an index that holds them: read from the table, each row's columns after `items`
  // sit behind its records' overflow pages, so SQLite walked a community's whole snapshot (25 MB at
  // 100,000 shifts, in one synchronous call of 25–40 ms) to learn its pages' ages.
  '0010_snapshot_page_times': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('snapshot_pages_times')
        .on('snapshot_pages')
        .columns([COMMUNITY_COLUMN, 'resource', 'page', 'total_pages', 'fetched_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('snapshot_pages_times').execute();
    },
  },
  // The fence of forgotten communities (src/store/fence.ts).
  '0011_community_fences': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('community_fences')
        .addColumn(COMMUNITY_COLUMN, 'varchar(64)', (c) => c.primaryKey())
        .addColumn('forgotten_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('community_fences').execute();
    },
  },
};

/** How a part of the store runs a query: through the store's patience and circuit (src/store/index.ts). */
export type Run = <T>(query: () => Promise<T>) => Promise<T>;

/** Table shapes as the queries see them (bigint columns come back as strings from PostgreSQL). */
export interface Tables {
  credentials: {
    guild_id: string;
    sealed: string;
    key_id: string;
    fingerprint: string;
    community_id: string | null;
    linked_by: string;
    linked_at: number | string;
    invalid_at: number | string | null;
    updated_at: number | string;
  };
  guild_settings: {
    guild_id: string;
    settings: string;
    updated_at: number | string;
  };
  snapshot_pages: {
    [COMMUNITY_COLUMN]: string;
    resource: string;
    page: number;
    items: string;
    total_pages: number;
    fetched_at: number | string;
  };
  report_settings: {
    guild_id: string;
    settings: string;
    updated_at: number | string;
  };
  digest_settings: {
    guild_id: string;
    settings: string;
    problem: string | null;
    updated_at: number | string;
    /** When the scheduler next looks at this digest (ms); 0: at its next round. */
    next_at: number | string;
  };
  digest_runs: {
    guild_id: string;
    scheduled_at: number | string;
    claimed_at: number | string;
  };
  directory: {
    [COMMUNITY_COLUMN]: string;
    member_id: string;
    user_id: string;
    seen_at: number | string;
  };
  month_counts: {
    token: string;
    month: string;
    used: number | string;
    updated_at: number | string;
  };
  saved_answer_totals: {
    [COMMUNITY_COLUMN]: string;
    bytes: number | string;
  };
  reminder_settings: {
    guild_id: string;
    channel_id: string;
    /** 1: reminders ping the member they name; 0: no ping. */
    pings: number | string;
    problem: string | null;
    updated_at: number | string;
  };
  reminder_posts: {
    guild_id: string;
    loa_id: string;
    /** The leave's end (Unix seconds) the reminder was posted for. */
    end_at: number | string;
    claimed_at: number | string;
  };
  community_fences: {
    [COMMUNITY_COLUMN]: string;
    /** When the community's last server was deleted (ms); null while it may be written. */
    forgotten_at: number | string | null;
  };
  saved_answers: {
    [COMMUNITY_COLUMN]: string;
    key: string;
    entry: string;
    bytes: number | string;
    fetched_at: number | string;
    expires_at: number | string;
  };
}
