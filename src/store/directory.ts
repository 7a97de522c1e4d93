/**
 * The directory of who is who: for each community (its credential's hash, as for its
 * snapshot), which Discord user each member id was read for (`/members/chat/{chatId}`). Not a secret,
 * but one community's: every query names its community, and it is deleted with the community's other
 * data. The store knows nothing of Discord or the API: both ids are opaque strings to it.
 */
import type { Kysely } from 'kysely';
import { type Pause, SLICING } from '../base/slices.js';
import { mayWrite } from './fence.js';
import { COMMUNITY_COLUMN, type Run, type Tables } from './migrations.js';

/** Longest member id (and Discord user id) the directory keeps: longer ones are not remembered. */
const DIRECTORY_ID_MAX = 128;
/** Member ids asked for in one query at most (a page shows far fewer; an export asks in several). */
const DIRECTORY_QUERY_IDS = 500;

export interface DirectoryStore {
  /**
   * Remember that `memberId` is `userId` in `community`; a member id already known is
   * moved to the newer user (a re-linked account). Ids longer than DIRECTORY_ID_MAX are ignored;
   * nothing lands once the community is forgotten (src/store/fence.ts).
   */
  remember(community: string, memberId: string, userId: string): Promise<void>;
  /** The Discord users of those of `memberIds` the community's directory knows (member id → user id). */
  lookup(community: string, memberIds: readonly string[]): Promise<Map<string, string>>;
  forget(community: string): Promise<void>;
}

export class SqlDirectory implements DirectoryStore {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly run: Run,
    private readonly now: () => number,
    /** Between two queries of one lookup: SQLite's driver answers each at once, on the event loop. */
    private readonly pause: Pause = SLICING.pause,
  ) {}

  async remember(community: string, memberId: string, userId: string): Promise<void> {
    if (!fits(memberId) || !fits(userId)) return;
    const now = this.now();
    await this.run(() =>
      this.db.transaction().execute(async (trx) => {
        // A community forgotten (its last server deleted) keeps no row, even one read before.
        if (!(await mayWrite(trx, community))) return;
        await trx
          .insertInto('directory')
          .values({ [COMMUNITY_COLUMN]: community, member_id: memberId, user_id: userId, seen_at: now })
          .onConflict((oc) =>
            oc.columns([COMMUNITY_COLUMN, 'member_id']).doUpdateSet({ user_id: userId, seen_at: now }),
          )
          .execute();
      }),
    );
  }

  async lookup(community: string, memberIds: readonly string[]): Promise<Map<string, string>> {
    const asked = [...new Set(memberIds.filter(fits))];
    const found = new Map<string, string>();
    for (let start = 0; start < asked.length; start += DIRECTORY_QUERY_IDS) {
      // An export's 10,000 ids are 20 queries: the loop is given back between two of them.
      if (start > 0) await this.pause();
      const chunk = asked.slice(start, start + DIRECTORY_QUERY_IDS);
      const rows = await this.run(() =>
        this.db
          .selectFrom('directory')
          .select(['member_id', 'user_id'])
          .where(COMMUNITY_COLUMN, '=', community)
          .where('member_id', 'in', chunk)
          .execute(),
      );
      for (const row of rows) found.set(row.member_id, row.user_id);
    }
    return found;
  }

  async forget(community: string): Promise<void> {
    await this.run(() => this.db.deleteFrom('directory').where(COMMUNITY_COLUMN, '=', community).execute());
  }
}

function fits(id: string): boolean {
  return typeof id === 'string' && id !== '' && id.length <= DIRECTORY_ID_MAX;
}
