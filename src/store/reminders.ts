/**
 * Leave reminders in the store: each server's reminder channel (and whether reminders ping), the
 * last problem met posting one (shown to its admins), and the reminders posted. A reminder is
 * claimed by inserting (server, LOA id, leave end) under a unique key: of several processes (or one
 * restarted) claiming the same reminder, exactly one insert succeeds, and only that one posts. A
 * leave whose end moves (an extension) is a new reminder. The store knows no calendar: the
 * scheduler (src/community/reminder-scheduler.ts) decides which reminders are due.
 */
import type { Kysely } from 'kysely';
import type { Run, Tables } from './migrations.js';

export interface SavedReminders {
  guildId: string;
  /** The channel reminders are posted in. */
  channelId: string;
  /** Whether a reminder pings the member it names (off unless an admin turns it on). */
  pings: boolean;
  /** The last problem met posting a reminder (one sentence), or undefined. */
  problem: string | undefined;
}

export interface ReminderStore {
  /** One server's reminder settings, or undefined when it has none (reminders off). */
  get(guildId: string): Promise<SavedReminders | undefined>;
  /** The servers with reminders on, by server id, at most `limit` after `after` (a page of them). */
  list(limit: number, after?: string): Promise<SavedReminders[]>;
  /** Save (or replace) a server's reminder channel and pings; clears its problem. */
  save(guildId: string, settings: { channelId: string; pings: boolean }): Promise<void>;
  /** Turn a server's reminders off (the reminders already posted stay claimed). */
  remove(guildId: string): Promise<void>;
  /** Record (or clear, with undefined) the problem met posting a server's reminders. */
  setProblem(guildId: string, problem: string | undefined): Promise<void>;
  /** Claim the reminder of one leave (LOA id, its end in Unix seconds): true for the one caller that got it. */
  claim(guildId: string, loaId: string, endAt: number): Promise<boolean>;
  /** Forget the reminders claimed for leave that ended before `endAt` (Unix seconds); how many. */
  prune(endAt: number): Promise<number>;
  /** Forget a server's reminder settings and the reminders it posted (the server was unlinked or left). */
  forget(guildId: string): Promise<void>;
}

/** LOA ids longer than this are not claimed (nor posted): the key column's width. */
const REMINDER_LOA_ID_MAX = 128;

export class SqlReminders implements ReminderStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
    private readonly now: () => number,
  ) {}

  async get(guildId: string): Promise<SavedReminders | undefined> {
    const row = await this.run(() =>
      this.db
        .selectFrom('reminder_settings')
        .select(COLUMNS)
        .where('guild_id', '=', guildId)
        .executeTakeFirst(),
    );
    return row ? saved(row) : undefined;
  }

  async list(limit: number, after?: string): Promise<SavedReminders[]> {
    const rows = await this.run(() => {
      let query = this.db.selectFrom('reminder_settings').select(COLUMNS);
      if (after !== undefined) query = query.where('guild_id', '>', after);
      return query.orderBy('guild_id').limit(limit).execute();
    });
    return rows.map(saved);
  }

  async save(guildId: string, settings: { channelId: string; pings: boolean }): Promise<void> {
    const values = {
      channel_id: settings.channelId,
      pings: settings.pings ? 1 : 0,
      problem: null,
      updated_at: this.now(),
    };
    await this.run(() =>
      this.db
        .insertInto('reminder_settings')
        .values({ guild_id: guildId, ...values })
        .onConflict((oc) => oc.column('guild_id').doUpdateSet(values))
        .execute(),
    );
  }

  async remove(guildId: string): Promise<void> {
    await this.run(() => this.db.deleteFrom('reminder_settings').where('guild_id', '=', guildId).execute());
  }

  async setProblem(guildId: string, problem: string | undefined): Promise<void> {
    await this.run(() =>
      this.db
        .updateTable('reminder_settings')
        .set({ problem: problem ?? null })
        .where('guild_id', '=', guildId)
        .execute(),
    );
  }

  async claim(guildId: string, loaId: string, endAt: number): Promise<boolean> {
    if (loaId.length === 0 || loaId.length > REMINDER_LOA_ID_MAX) return false;
    const result = await this.run(() =>
      this.db
        .insertInto('reminder_posts')
        .values({ guild_id: guildId, loa_id: loaId, end_at: endAt, claimed_at: this.now() })
        .onConflict((oc) => oc.columns(['guild_id', 'loa_id', 'end_at']).doNothing())
        .executeTakeFirst(),
    );
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async prune(endAt: number): Promise<number> {
    const result = await this.run(() =>
      this.db.deleteFrom('reminder_posts').where('end_at', '<', endAt).executeTakeFirst(),
    );
    return Number(result.numDeletedRows ?? 0);
  }

  async forget(guildId: string): Promise<void> {
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('reminder_settings').where('guild_id', '=', guildId).execute();
        await trx.deleteFrom('reminder_posts').where('guild_id', '=', guildId).execute();
      }),
    );
  }
}

const COLUMNS = ['guild_id', 'channel_id', 'pings', 'problem'] as const;

function saved(row: {
  guild_id: string;
  channel_id: string;
  pings: number | string;
  problem: string | null;
}): SavedReminders {
  return {
    guildId: row.guild_id,
    channelId: row.channel_id,
    pings: Number(row.pings) === 1,
    problem: row.problem ?? undefined,
  };
}
