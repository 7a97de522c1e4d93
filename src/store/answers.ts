/**
 * Saved answers: the API's answers that cost a request of the month, kept beside the cache where a
 * Redis flush, a Redis restart or a process restart cannot take them (the API layer writes them
 * after each request and reads them back when the cache has nothing; src/api/saved.ts).
 *
 * The store knows nothing of the API: an answer is an opaque key and text, with when it was read
 * and until when it may be used. The community is the credential's hash, never the token; the keys
 * carry that hash, never the token. Each community keeps at most `maxBytes` (keys and answers as UTF-8):
 * after each save the oldest answers (by when they were read) go first, so the newest are kept. The
 * community's bytes are kept in a row of their own (`saved_answer_totals`), brought up to date in the
 * same transaction as each save and deletion, so a save reads and writes only its own rows and the
 * ones it drops, whatever the community holds (the synchronous SQLite driver blocks the event loop for
 * as long as a statement runs).
 */
import { type Kysely, sql } from 'kysely';
import { mayWrite } from './fence.js';
import { COMMUNITY_COLUMN, type Run, type Tables } from './migrations.js';

export interface SavedAnswer {
  /** The answer's key (the cache's: it carries the token's hash, never the token). */
  key: string;
  /** The answer as text (opaque to the store). */
  entry: string;
  /** When the API produced it (ms since epoch): the newest are kept. */
  fetchedAt: number;
  /** Until when it may be used (ms since epoch): read back only before. */
  expiresAt: number;
}

export interface AnswerStore {
  /** The community's answer under `key`, unless none is saved or it expired at `now`. */
  get(community: string, key: string, now: number): Promise<SavedAnswer | undefined>;
  /**
   * Save (or replace) answers of one community in one transaction, then drop the community's oldest until
   * what it keeps is at most `maxBytes` (an answer alone over `maxBytes` is not kept). Nothing lands
   * once the community is forgotten (src/store/fence.ts).
   */
  save(community: string, answers: readonly SavedAnswer[], maxBytes: number): Promise<void>;
  /** Bytes the community keeps (keys and answers, UTF-8). */
  bytes(community: string): Promise<number>;
  forget(community: string): Promise<void>;
}

/** Rows written, looked at or deleted per statement (6 parameters a row: far below either database's limit). */
const CHUNK = 200;

function answerBytes(answer: Pick<SavedAnswer, 'key' | 'entry'>): number {
  return Buffer.byteLength(answer.key, 'utf8') + Buffer.byteLength(answer.entry, 'utf8');
}

export class SqlAnswers implements AnswerStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
  ) {}

  async get(community: string, key: string, now: number): Promise<SavedAnswer | undefined> {
    const row = await this.run(() =>
      this.db
        .selectFrom('saved_answers')
        .select(['entry', 'fetched_at', 'expires_at'])
        .where(COMMUNITY_COLUMN, '=', community)
        .where('key', '=', key)
        .executeTakeFirst(),
    );
    if (!row || Number(row.expires_at) <= now) return undefined;
    return { key, entry: row.entry, fetchedAt: Number(row.fetched_at), expiresAt: Number(row.expires_at) };
  }

  async save(community: string, answers: readonly SavedAnswer[], maxBytes: number): Promise<void> {
    const rows = answers
      .map((a) => ({
        [COMMUNITY_COLUMN]: community,
        key: a.key,
        entry: a.entry,
        bytes: answerBytes(a),
        fetched_at: Math.round(a.fetchedAt),
        expires_at: Math.round(a.expiresAt),
      }))
      .filter((row) => row.bytes <= maxBytes);
    if (rows.length === 0) return;
    // One key once per statement (an upsert may not touch a row twice): the last one wins.
    const unique = [...new Map(rows.map((row) => [row.key, row])).values()];
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        // A community forgotten (its last server deleted) keeps nothing, even what was read before.
        if (!(await mayWrite(trx, community))) return;
        // The community's total first: its row lock (PostgreSQL) keeps two processes' saves of one
        // community in turn, so each one's arithmetic on it is exact (SQLite's write lock is held).
        await trx
          .insertInto('saved_answer_totals')
          .values({ [COMMUNITY_COLUMN]: community, bytes: 0 })
          .onConflict((oc) =>
            oc.column(COMMUNITY_COLUMN).doUpdateSet({ bytes: sql`saved_answer_totals.bytes` }),
          )
          .execute();
        let added = 0;
        for (let i = 0; i < unique.length; i += CHUNK) {
          const chunk = unique.slice(i, i + CHUNK);
          const replaced = await trx
            .selectFrom('saved_answers')
            .select(sql<number | string | null>`sum(bytes)`.as('bytes'))
            .where(COMMUNITY_COLUMN, '=', community)
            .where(
              'key',
              'in',
              chunk.map((row) => row.key),
            )
            .executeTakeFirst();
          await trx
            .insertInto('saved_answers')
            .values(chunk)
            .onConflict((oc) =>
              oc.columns([COMMUNITY_COLUMN, 'key']).doUpdateSet({
                entry: sql`excluded.entry`,
                bytes: sql`excluded.bytes`,
                fetched_at: sql`excluded.fetched_at`,
                expires_at: sql`excluded.expires_at`,
              }),
            )
            .execute();
          added += chunk.reduce((sum, row) => sum + row.bytes, 0) - Number(replaced?.bytes ?? 0);
        }
        const total = (await held(trx, community)) + added;
        await makeRoom(trx, community, total, maxBytes);
      }),
    );
  }

  async bytes(community: string): Promise<number> {
    return this.run(() => held(this.db, community));
  }

  async forget(community: string): Promise<void> {
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('saved_answers').where(COMMUNITY_COLUMN, '=', community).execute();
        await trx.deleteFrom('saved_answer_totals').where(COMMUNITY_COLUMN, '=', community).execute();
      }),
    );
  }
}

/** The bytes the community keeps, as its total row has them (0 without one). */
async function held(db: Kysely<Tables>, community: string): Promise<number> {
  const row = await db
    .selectFrom('saved_answer_totals')
    .select('bytes')
    .where(COMMUNITY_COLUMN, '=', community)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * Drop the community's oldest answers (by when they were read, through the index) until it keeps at
 * most `maxBytes`, and write its new total: only the rows dropped are read, never every row.
 */
async function makeRoom(
  db: Kysely<Tables>,
  community: string,
  total: number,
  maxBytes: number,
): Promise<void> {
  let left = total;
  while (left > maxBytes) {
    const oldest = await db
      .selectFrom('saved_answers')
      .select(['key', 'bytes'])
      .where(COMMUNITY_COLUMN, '=', community)
      .orderBy('fetched_at')
      .orderBy('key')
      .limit(CHUNK)
      .execute();
    if (oldest.length === 0) {
      left = 0;
      break;
    }
    const doomed: string[] = [];
    for (const row of oldest) {
      if (left <= maxBytes) break;
      doomed.push(row.key);
      left -= Number(row.bytes);
    }
    await db
      .deleteFrom('saved_answers')
      .where(COMMUNITY_COLUMN, '=', community)
      .where('key', 'in', doomed)
      .execute();
  }
  await db
    .updateTable('saved_answer_totals')
    .set({ bytes: left })
    .where(COMMUNITY_COLUMN, '=', community)
    .execute();
}
