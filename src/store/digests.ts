/**
 * Scheduled digests in the store: each server's digest settings (opaque JSON, validated by
 * src/digests.ts), the last problem met posting it (shown to its admins), and the runs claimed.
 * A run is claimed by inserting (guild, scheduled instant) under a unique key: of several
 * processes claiming the same run, exactly one insert succeeds, and only that one posts.
 */
import type { Kysely } from 'kysely';
import type { Tables } from './migrations.js';

export interface SavedDigest {
  guildId: string;
  /** The settings as saved (JSON), for the caller to validate. */
  settings: unknown;
  /** The last problem met posting it (one sentence), or undefined. */
  problem: string | undefined;
}

export interface DigestStore {
  /** One server's digest, or undefined when none is set. */
  get(guildId: string): Promise<SavedDigest | undefined>;
  /** Every server's digest (the scheduler's round). */
  all(): Promise<SavedDigest[]>;
  /** Save (or replace) a server's digest settings; clears its problem. */
  save(guildId: string, settings: unknown): Promise<void>;
  /** Record (or clear, with undefined) the problem met posting a server's digest. */
  setProblem(guildId: string, problem: string | undefined): Promise<void>;
  /** Claim the run of a server's digest scheduled at `at` (ms): true for the one caller that got it. */
  claim(guildId: string, at: number): Promise<boolean>;
  /** The latest instant (ms) a run of the server's digest was claimed for, or undefined. */
  lastRun(guildId: string): Promise<number | undefined>;
  /** Forget a server's digest and its runs. */
  remove(guildId: string): Promise<void>;
}

type Run = <T>(query: () => Promise<T>) => Promise<T>;

export class SqlDigests implements DigestStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
    private readonly now: () => number,
  ) {}

  async get(guildId: string): Promise<SavedDigest | undefined> {
    const row = await this.run(() =>
      this.db
        .selectFrom('digest_settings')
        .select(['guild_id', 'settings', 'problem'])
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return row ? saved(row) : undefined;
  }

  async all(): Promise<SavedDigest[]> {
    const rows = await this.run(() =>
      this.db.selectFrom('digest_settings').select(['guild_id', 'settings', 'problem']).execute(),
    );
    return rows.map(saved);
  }

  async save(guildId: string, settings: unknown): Promise<void> {
    const json = JSON.stringify(settings);
    const now = this.now();
    await this.run(() =>
      this.db
        .insertInto('digest_settings')
        .values({ guild_id: guildId, settings: json, problem: null, updated_at: now })
        .onConflict((oc) =>
          oc.column('guild_id').doUpdateSet({ settings: json, problem: null, updated_at: now }),
        )
        .execute(),
    );
  }

  async setProblem(guildId: string, problem: string | undefined): Promise<void> {
    await this.run(() =>
      this.db
        .updateTable('digest_settings')
        .set({ problem: problem ?? null })
        .where('guild_id', '=', guildId)
        .execute(),
    );
  }

  async claim(guildId: string, at: number): Promise<boolean> {
    const result = await this.run(() =>
      this.db
        .insertInto('digest_runs')
        .values({ guild_id: guildId, scheduled_at: at, claimed_at: this.now() })
        .onConflict((oc) => oc.columns(['guild_id', 'scheduled_at']).doNothing())
        .executeTakeFirst(),
    );
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async lastRun(guildId: string): Promise<number | undefined> {
    const row = await this.run(() =>
      this.db
        .selectFrom('digest_runs')
        .select((eb) => eb.fn.max('scheduled_at').as('last'))
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return row?.last === null || row?.last === undefined ? undefined : Number(row.last);
  }

  async remove(guildId: string): Promise<void> {
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('digest_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('digest_runs').where('guild_id', '=', guildId).execute();
      }),
    );
  }
}

function saved(row: { guild_id: string; settings: string; problem: string | null }): SavedDigest {
  let settings: unknown;
  try {
    settings = JSON.parse(row.settings) as unknown;
  } catch {
    settings = undefined;
  }
  return { guildId: row.guild_id, settings, problem: row.problem ?? undefined };
}
