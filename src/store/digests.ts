/**
 * Scheduled digests in the store: each server's digest settings (opaque JSON, validated by
 * src/community/digest-scheduler.ts), the last problem met posting it (shown to its admins), and the runs claimed.
 * A run is claimed by inserting (guild, scheduled instant) under a unique key: of several
 * processes claiming the same run, exactly one insert succeeds, and only that one posts.
 *
 * Each digest also keeps when the scheduler next has something to look at (`next_at`, ms, indexed):
 * saving settings sets it to 0 (look at the next round), the scheduler sets it after each look.
 * The store knows no calendar: the scheduler works the instants out. A round asks `due` for the
 * rows whose time has come, one indexed query however many servers there are.
 */
import type { Kysely } from 'kysely';
import type { Run, Tables } from './migrations.js';

export interface SavedDigest {
  guildId: string;
  /** The settings as saved (JSON), for the caller to validate. */
  settings: unknown;
  /** The last problem met posting it (one sentence), or undefined. */
  problem: string | undefined;
  /** When the scheduler next looks at it (ms); 0: at its next round. */
  nextAt: number;
}

/** Where a round's due rows ended, when there were more than it asked for: the next round goes on from there. */
export interface DueCursor {
  nextAt: number;
  guildId: string;
}

interface DueQuery {
  /** Rows whose `nextAt` is at or before this (ms) are due. */
  now: number;
  /**
   * Rows whose `nextAt` is more than this (ms) after `now` are due too: no schedule is that far
   * ahead, so it was worked out on a clock or calendar since changed.
   */
  horizonMs: number;
  /** At most this many rows, the longest due first. */
  limit: number;
  /** Only rows after this one (by `nextAt`, then server id). */
  after?: DueCursor;
}

export interface DigestStore {
  get(guildId: string): Promise<SavedDigest | undefined>;
  /** The digests due (the scheduler's round): one query, ordered by `nextAt` then server id. */
  due(query: DueQuery): Promise<SavedDigest[]>;
  /** Save (or replace) a server's digest settings; clears its problem; due at the next round. */
  save(guildId: string, settings: unknown): Promise<void>;
  schedule(guildId: string, nextAt: number): Promise<void>;
  /** Record (or clear, with undefined) the problem met posting a server's digest. */
  setProblem(guildId: string, problem: string | undefined): Promise<void>;
  /** Claim the run of a server's digest scheduled at `at` (ms): true for the one caller that got it. */
  claim(guildId: string, at: number): Promise<boolean>;
  /** The latest instant (ms) a run of the server's digest was claimed for, or undefined. */
  lastRun(guildId: string): Promise<number | undefined>;
  remove(guildId: string): Promise<void>;
}

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
        .select(COLUMNS)
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return row ? saved(row) : undefined;
  }

  async due({ now, horizonMs, limit, after }: DueQuery): Promise<SavedDigest[]> {
    const rows = await this.run(() =>
      this.db
        .selectFrom('digest_settings')
        .select(COLUMNS)
        .where((eb) =>
          eb.and([
            eb.or([eb('next_at', '<=', now), eb('next_at', '>', now + horizonMs)]),
            ...(after
              ? [eb(eb.refTuple('next_at', 'guild_id'), '>', eb.tuple(after.nextAt, after.guildId))]
              : []),
          ]),
        )
        .orderBy('next_at')
        .orderBy('guild_id')
        .limit(limit)
        .execute(),
    );
    return rows.map(saved);
  }

  async save(guildId: string, settings: unknown): Promise<void> {
    const json = JSON.stringify(settings);
    const now = this.now();
    await this.run(() =>
      this.db
        .insertInto('digest_settings')
        .values({ guild_id: guildId, settings: json, problem: null, updated_at: now, next_at: 0 })
        .onConflict((oc) =>
          oc.column('guild_id').doUpdateSet({ settings: json, problem: null, updated_at: now, next_at: 0 }),
        )
        .execute(),
    );
  }

  async schedule(guildId: string, nextAt: number): Promise<void> {
    await this.run(() =>
      this.db
        .updateTable('digest_settings')
        .set({ next_at: nextAt })
        .where('guild_id', '=', guildId)
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

const COLUMNS = ['guild_id', 'settings', 'problem', 'next_at'] as const;

function saved(row: {
  guild_id: string;
  settings: string;
  problem: string | null;
  next_at: number | string;
}): SavedDigest {
  let settings: unknown;
  try {
    settings = JSON.parse(row.settings) as unknown;
  } catch {
    settings = undefined;
  }
  return { guildId: row.guild_id, settings, problem: row.problem ?? undefined, nextAt: Number(row.next_at) };
}
