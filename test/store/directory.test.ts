/**
 * The directory of who is who, on both databases: what one community's member reads for Discord
 * users taught it (src/community/directory.ts over src/store/directory.ts) is read back by another
 * process (its own Directory and memory over the same database), after a restart (the store closed
 * and opened again), never by another community, updated by a newer lookup, deleted with the
 * community; and a store that fails or does not answer never fails or holds up a lookup.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Fetched, Resources } from '../../src/api/types.js';
import { createLogger } from '../../src/base/log.js';
import { createDirectory, DirectoryMemory, remembering } from '../../src/community/directory.js';
import { tokenHash } from '../../src/store/crypto.js';
import { SqlDirectory } from '../../src/store/directory.js';
import { type DirectoryStore, openStore, type Store } from '../../src/store/index.js';
import type { Tables } from '../../src/store/migrations.js';
import { backends, type Place } from './places.js';

const logger = createLogger({ level: 'silent', format: 'json' });
const MEMBER = '66c7a1b2c3d4e5f601234567';
const OTHER_MEMBER = '66c7a1b2c3d4e5f609999999';
const USER = '310000000000000001';
const NEW_USER = '310000000000000002';
const GUILD = '1300000000000000001';

/** A Resources whose member-by-chat read answers `memberId` for any chat id (the rest unused). */
function membersRead(memberId: string): Resources {
  return {
    getMemberByChatId: async () =>
      ({ data: { id: memberId, roles: [] }, fetchedAt: 0, fromCache: false, stale: false }) as Fetched<never>,
  } as unknown as Resources;
}

/** Wait (on the event loop, no timer) until `check` holds: the background write landed. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the condition never held');
}

describe.each(backends)('the directory: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];
  const fresh = async () => {
    const place = await backend.fresh();
    places.push(place);
    return place;
  };
  const open = async (place: Place, secretKey?: Buffer) => {
    const store = await openStore({ ...place.options, ...(secretKey ? { secretKey } : {}) });
    stores.push(store);
    return store;
  };
  /** One process's directory of a community over `store`. */
  const directoryOf = (store: () => Promise<DirectoryStore>, community: string, lookupMs?: number) =>
    createDirectory({
      community,
      store,
      memory: new DirectoryMemory(),
      logger,
      ...(lookupMs ? { lookupMs } : {}),
    });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  describe.runIf(backend.run)('', () => {
    it('a member read for a Discord user is known to another process, after a restart, and to no other community', async () => {
      const place = await fresh();
      const store = await open(place);
      const first = directoryOf(async () => store.directory, 'community-a');
      const read = await remembering(membersRead(MEMBER), first).getMemberByChatId(USER);
      expect(read.data.id).toBe(MEMBER); // the read's answer is the caller's, unchanged
      await until(async () => (await store.directory.lookup('community-a', [MEMBER])).size === 1);

      // Another process: its own memory (empty), the same database.
      const second = directoryOf(async () => store.directory, 'community-a');
      expect([...(await second.lookup([MEMBER, OTHER_MEMBER]))]).toEqual([[MEMBER, USER]]);
      // Another community on the same database sees nothing of it.
      expect((await directoryOf(async () => store.directory, 'community-b').lookup([MEMBER])).size).toBe(0);

      // A restart: the store closed and opened again, a new process's directory.
      await store.close();
      const reopened = await open(place);
      const after = directoryOf(async () => reopened.directory, 'community-a');
      expect((await after.lookup([MEMBER])).get(MEMBER)).toBe(USER);
    });

    it('a member id that later maps to another Discord user is updated by the newer lookup', async () => {
      const store = await open(await fresh());
      await store.directory.remember('community-a', MEMBER, USER);
      const directory = directoryOf(async () => store.directory, 'community-a');
      await remembering(membersRead(MEMBER), directory).getMemberByChatId(NEW_USER);
      await until(
        async () => (await store.directory.lookup('community-a', [MEMBER])).get(MEMBER) === NEW_USER,
      );
      expect(
        (await directoryOf(async () => store.directory, 'community-a').lookup([MEMBER])).get(MEMBER),
      ).toBe(NEW_USER);
    });

    it('unlinking the community deletes its directory, unless another server reads it with the same token', async () => {
      const store = await open(await fresh(), randomBytes(32));
      const token = `rc_directory_${randomBytes(8).toString('hex')}`;
      const community = tokenHash(token);
      await store.saveCredential(GUILD, { token, linkedBy: '42' });
      await store.saveCredential('1300000000000000002', { token, linkedBy: '42' });
      await store.directory.remember(community, MEMBER, USER);
      await store.directory.remember('another-community', MEMBER, USER);
      await store.deleteGuild(GUILD);
      expect((await store.directory.lookup(community, [MEMBER])).size).toBe(1); // still read by the other server
      await store.deleteGuild('1300000000000000002');
      expect((await store.directory.lookup(community, [MEMBER])).size).toBe(0);
      expect((await store.directory.lookup('another-community', [MEMBER])).size).toBe(1);
      // Forgotten: what was read for it before lands no more (src/store/fence.ts).
      await store.directory.remember(community, MEMBER, USER);
      expect((await store.directory.lookup(community, [MEMBER])).size).toBe(0);
      // A process that had seen a community does not show it again once the store has it no more.
      const seen = directoryOf(async () => store.directory, 'community-seen');
      await store.directory.remember('community-seen', MEMBER, USER);
      expect((await seen.lookup([MEMBER])).size).toBe(1);
      await store.directory.forget('community-seen');
      expect((await seen.lookup([MEMBER])).size).toBe(0);
    });

    it('the store failing: a lookup answers from what this process saw, else nothing; never throws', async () => {
      const store = await open(await fresh());
      let down = false;
      const flaky = async () => {
        if (down) throw new Error('the database is not answering');
        return store.directory;
      };
      const directory = directoryOf(flaky, 'community-a');
      expect((await directory.lookup([MEMBER])).size).toBe(0);
      await store.directory.remember('community-a', MEMBER, USER);
      expect((await directory.lookup([MEMBER])).get(MEMBER)).toBe(USER); // seen once, kept
      down = true;
      expect((await directory.lookup([MEMBER])).get(MEMBER)).toBe(USER); // the saved copy
      expect((await directoryOf(flaky, 'community-a').lookup([MEMBER])).size).toBe(0); // nothing saved: ids
      // A remember while the store is down is kept in memory and shown; saved once it is back.
      directory.remember(OTHER_MEMBER, NEW_USER);
      expect((await directory.lookup([OTHER_MEMBER])).get(OTHER_MEMBER)).toBe(NEW_USER);
    });
  });
});

describe('the directory never holds an answer up', () => {
  it('a store that never answers: the lookup ends at its wait with nothing, and the read is answered', async () => {
    const never = () => new Promise<DirectoryStore>(() => {});
    const directory = createDirectory({
      community: 't',
      store: never,
      memory: new DirectoryMemory(),
      logger,
      lookupMs: 30,
    });
    const started = performance.now();
    expect((await directory.lookup([MEMBER])).size).toBe(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    // The member read itself does not wait for the write that never ends.
    const read = await remembering(membersRead(MEMBER), directory).getMemberByChatId(USER);
    expect(read.data.id).toBe(MEMBER);
  });

  it('the memory is bounded: the oldest entries go first', () => {
    const memory = new DirectoryMemory(2);
    memory.set('t', 'a', { user: USER, saved: true });
    memory.set('t', 'b', { user: USER, saved: true });
    memory.set('t', 'c', { user: USER, saved: true });
    expect(memory.get('t', 'a')).toBeUndefined();
    expect(memory.get('t', 'c')?.user).toBe(USER);
  });
});

describe('the directory store gives the loop back between its queries', () => {
  it('an export of 1,200 member ids: three queries, a pause between two of them', async () => {
    const sqlite = backends.find((b) => b.name === 'sqlite');
    if (!sqlite) throw new Error('no SQLite place');
    const place = await sqlite.fresh();
    const store = await openStore(place.options);
    try {
      const events: string[] = [];
      const db = (store as unknown as { db: Kysely<Tables> }).db;
      const directory = new SqlDirectory(
        db,
        async (query) => {
          events.push('query');
          return query();
        },
        () => 1,
        async () => {
          events.push('pause');
        },
      );
      await directory.remember('c', 'member-7', '310000000000000007');
      events.length = 0;
      const ids = Array.from({ length: 1_200 }, (_, i) => `member-${i}`);
      expect(await directory.lookup('c', ids)).toEqual(new Map([['member-7', '310000000000000007']]));
      expect(events).toEqual(['query', 'pause', 'query', 'pause', 'query']);
    } finally {
      await store.close();
      await place.remove();
    }
  });
});
