/**
 * The fence of forgotten communities: once a community's last server is deleted (unlink, or the bot
 * removed from it), no write of that community's data lands, even one begun before (a read still in
 * flight, a queued batch of saved answers, a snapshot refresh, another process).
 *
 * `community_fences` has one row per community that wrote (its credential's hash, never the token).
 * Every write of a community's rows (saved answers, directory, snapshot pages) first takes that row
 * in its own transaction (`mayWrite`: an upsert, which locks the row in PostgreSQL; SQLite's write
 * lock is held from BEGIN IMMEDIATE) and writes only while `forgotten_at` is null. Forgetting sets
 * it (`forget`) as the first statement of the transaction that deletes the community's rows, so a
 * write either commits before (and is deleted with the rest) or sees the mark after (and writes
 * nothing). Linking the token again clears it (`reopen`).
 */
import { type Kysely, sql } from 'kysely';
import { COMMUNITY_COLUMN, type Tables } from './migrations.js';

/** Take the community's fence row (creating it) for this transaction; false once it is forgotten. */
export async function mayWrite(trx: Kysely<Tables>, community: string): Promise<boolean> {
  const row = await trx
    .insertInto('community_fences')
    .values({ [COMMUNITY_COLUMN]: community, forgotten_at: null })
    .onConflict((oc) =>
      oc.column(COMMUNITY_COLUMN).doUpdateSet({ forgotten_at: sql`community_fences.forgotten_at` }),
    )
    .returning('forgotten_at')
    .executeTakeFirst();
  return row !== undefined && row.forgotten_at === null;
}

/** Mark the community forgotten: from this transaction's commit on, none of its writes lands. */
export async function forget(trx: Kysely<Tables>, community: string, now: number): Promise<void> {
  await trx
    .insertInto('community_fences')
    .values({ [COMMUNITY_COLUMN]: community, forgotten_at: now })
    .onConflict((oc) => oc.column(COMMUNITY_COLUMN).doUpdateSet({ forgotten_at: now }))
    .execute();
}

/** The community's token was linked again: its writes land again. */
export async function reopen(trx: Kysely<Tables>, community: string): Promise<void> {
  await trx
    .updateTable('community_fences')
    .set({ forgotten_at: null })
    .where(COMMUNITY_COLUMN, '=', community)
    .execute();
}
