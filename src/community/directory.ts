/**
 * The directory of who is who, per community: every Member read for a Discord user
 * (`/members/chat/{chatId}`: right-click commands, `user:` options, access checks, the staff record)
 * tells which Discord user a member id is. `remembering` hooks that one read where a community's
 * Resources are built, so every caller feeds it; `createDirectory` keeps what it learns in the store
 * (the `directory` table, keyed by the credential's hash like the reports' snapshot: shared by every
 * process, kept across restarts, deleted with the community) and answers the renderers' lookups.
 *
 * Nothing here may hold an answer up or fail it: writes go on in the background, and a lookup the
 * store does not answer within DIRECTORY_LOOKUP_MS (or fails) is answered from what this process
 * last saw, else with nothing (the renderers then show ids).
 */
import { within } from '../api/abort.js';
import type { Resources } from '../api/types.js';
import { SNOWFLAKE } from '../base/discord-limits.js';
import type { Logger } from '../base/log.js';
import type { Directory } from '../discord/community.js';
import type { People } from '../render/people.js';
import type { DirectoryStore } from '../store/index.js';

/** Longest a page waits for the store's directory before it is shown with what is at hand. */
const DIRECTORY_LOOKUP_MS = 400;
/** Entries one process keeps in memory (every community together), the oldest dropped first. */
const DIRECTORY_MEMORY_ENTRIES = 50_000;
/** Member ids one lookup asks for at most (an export's 10,000 rows; a page shows ten). */
const LOOKUP_MAX = 10_000;
/** Longest id remembered (the store's column). */
const ID_MAX = 128;

interface Seen {
  user: string;
  /** The store has it (a failed write is tried again at the next read of that member). */
  saved: boolean;
}

/**
 * What this process has seen of every community's directory: the saved copy a lookup falls back on
 * when the store does not answer, and what spares a write when a member is read again. Bounded.
 */
export class DirectoryMemory {
  private readonly entries = new Map<string, Seen>();

  constructor(private readonly max = DIRECTORY_MEMORY_ENTRIES) {}

  get(community: string, memberId: string): Seen | undefined {
    return this.entries.get(`${community}\u0000${memberId}`);
  }

  set(community: string, memberId: string, seen: Seen): void {
    const key = `${community}\u0000${memberId}`;
    this.entries.delete(key);
    this.entries.set(key, seen);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(community: string, memberId: string): void {
    this.entries.delete(`${community}\u0000${memberId}`);
  }

  /** Forget everything seen of a community (its last server deleted). */
  forget(community: string): void {
    const prefix = `${community}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

interface DirectoryOptions {
  /** The community: its credential's hash. */
  community: string;
  /** The store's directory; rejects when the store cannot be opened. */
  store: () => Promise<DirectoryStore>;
  memory: DirectoryMemory;
  logger: Logger;
  /** Longest a lookup waits for the store (default DIRECTORY_LOOKUP_MS). */
  lookupMs?: number;
}

const fits = (id: unknown): id is string => typeof id === 'string' && id !== '' && id.length <= ID_MAX;

/** One community's directory, over the store and this process's memory. */
export function createDirectory(options: DirectoryOptions): Directory {
  const { community, memory, logger } = options;
  const lookupMs = options.lookupMs ?? DIRECTORY_LOOKUP_MS;

  /** What this process saw of `ids`, for those `found` lacks (all of it, or only unsaved entries). */
  function fromMemory(ids: readonly string[], found: Map<string, string>, unsavedOnly: boolean) {
    for (const id of ids) {
      if (found.has(id)) continue;
      const seen = memory.get(community, id);
      if (!seen) continue;
      // Saved once but gone from the store: deleted with the community (unlinked), so forgotten here.
      if (unsavedOnly && seen.saved) memory.delete(community, id);
      else found.set(id, seen.user);
    }
    return found;
  }

  return {
    async lookup(memberIds, waitMs = lookupMs): Promise<People> {
      const ids = [...new Set(memberIds.filter(fits))].slice(0, LOOKUP_MAX);
      if (ids.length === 0) return new Map();
      let stored: Map<string, string> | undefined;
      try {
        stored = await within(
          options.store().then((store) => store.lookup(community, ids)),
          waitMs,
          () => undefined,
        );
        if (stored === undefined) logger.debug({ ids: ids.length }, 'the directory was not read in time');
      } catch (error) {
        logger.debug({ err: error }, 'the directory could not be read; showing what this process saw');
      }
      if (stored === undefined) return fromMemory(ids, new Map(), false);
      for (const [id, user] of stored) memory.set(community, id, { user, saved: true });
      // What the store lacks but this process saw and has not saved yet (a write pending or failed).
      return fromMemory(ids, stored, true);
    },
    remember(memberId, userId) {
      if (!fits(memberId) || !SNOWFLAKE.test(userId)) return;
      const seen = memory.get(community, memberId);
      if (seen?.user === userId && seen.saved) return;
      memory.set(community, memberId, { user: userId, saved: false });
      void options
        .store()
        .then((store) => store.remember(community, memberId, userId))
        .then(
          () => {
            // Only if nothing newer was seen meanwhile.
            if (memory.get(community, memberId)?.user === userId)
              memory.set(community, memberId, { user: userId, saved: true });
          },
          (error: unknown) => logger.debug({ err: error }, 'a directory entry could not be saved'),
        );
    },
  };
}

/**
 * The community's reads, with every Member read for a Discord user remembered in its directory.
 * The read itself is unchanged: its answer (or error) is the caller's, whatever the directory does.
 */
export function remembering(resources: Resources, directory: Directory): Resources {
  return {
    ...resources,
    async getMemberByChatId(chatId, options) {
      const read = await resources.getMemberByChatId(chatId, options);
      const memberId: unknown = (read.data as { id?: unknown } | undefined)?.id;
      if (typeof memberId === 'string') directory.remember(memberId, chatId);
      return read;
    },
  };
}
