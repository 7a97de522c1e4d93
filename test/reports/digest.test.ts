/**
 * Digests against both databases (SQLite always; PostgreSQL at 127.0.0.1:5432 when reachable, and
 * always in CI): two schedulers, as two processes, on one database post a due run once; a run
 * missed during downtime is posted once at start (only the latest missed instant); a channel the
 * bot cannot post in is recorded for the admins and nothing is claimed; deleting a server deletes
 * its digest and its community's snapshot.
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.js';
import {
  createDigestScheduler,
  type DigestPoster,
  type DigestSettings,
  latestInstant,
} from '../../src/community/digest-scheduler.js';
import { tokenHash } from '../../src/store/crypto.js';
import { openStore, type Store } from '../../src/store/index.js';
import { backends, type Place } from './../store/places.js';

const GUILD = '1300000000000000091';
const OTHER = '1300000000000000092';
const CHANNEL = '1300000000000000093';
const logger = createLogger({ level: 'silent', format: 'json' });

/** A weekly digest, Mondays at 09:00 Europe/London, saved long before the times these tests use. */
const weekly: DigestSettings = {
  channelId: CHANNEL,
  cadence: 'weekly',
  day: 'monday',
  hour: 9,
  reports: ['totals', 'quota', 'leave'],
  since: Date.parse('2026-01-01T00:00:00Z'),
};

const london = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/London' }).toMillis();

/** Stands in for Discord: says whether the channel can be posted in, and notes each post. */
function recordingPoster(problem?: string): DigestPoster & { posts: string[] } {
  const posts: string[] = [];
  return {
    posts,
    check: async () => problem,
    async post(guildId) {
      posts.push(guildId);
    },
  };
}

describe('latestInstant', () => {
  it('is the latest scheduled hour at or before now in the time zone, across a DST change', () => {
    // Monday 30 March 2026, 09:30 BST (British Summer Time began on Sunday 29 March).
    const now = london('2026-03-30T09:30');
    expect(latestInstant(weekly, 'Europe/London', now)).toBe(london('2026-03-30T09:00'));
    // At 08:59 the latest Monday 09:00 is the week before, in GMT.
    expect(latestInstant(weekly, 'Europe/London', london('2026-03-30T08:59'))).toBe(
      Date.parse('2026-03-23T09:00:00Z'),
    );
    const daily = { ...weekly, cadence: 'daily' as const };
    expect(latestInstant(daily, 'Europe/London', london('2026-03-29T08:00'))).toBe(
      Date.parse('2026-03-28T09:00:00Z'),
    );
  });
});

describe.each(backends)('digests: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];

  async function open(place: Place, now: () => number = Date.now): Promise<Store> {
    const store = await openStore({ ...place.options, secretKey: secretKeyOf(place), now });
    stores.push(store);
    return store;
  }
  const keys = new Map<Place, Buffer>();
  const secretKeyOf = (place: Place) => {
    if (!keys.has(place)) keys.set(place, randomBytes(32));
    return keys.get(place) as Buffer;
  };

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  async function fresh(): Promise<Place> {
    const place = await backend.fresh();
    places.push(place);
    return place;
  }

  function scheduler(store: Store, poster: DigestPoster, now: () => number) {
    return createDigestScheduler({
      digests: () => store.digests,
      timeZone: async () => 'Europe/London',
      poster,
      logger,
      now,
    });
  }

  describe.runIf(backend.run)('', () => {
    it('two processes on one database: a due run is posted once', async () => {
      const place = await fresh();
      let now = london('2026-03-30T09:00');
      const one = await open(place, () => now);
      const two = await open(place, () => now);
      await one.digests.save(GUILD, weekly);
      const first = recordingPoster();
      const second = recordingPoster();
      const schedulers = [scheduler(one, first, () => now), scheduler(two, second, () => now)] as const;
      const counts = await Promise.all(schedulers.map((s) => s.tick()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect([...first.posts, ...second.posts]).toEqual([GUILD]);
      // A minute later the same run is not posted again by either.
      now += 60_000;
      expect(await schedulers[0].tick()).toBe(0);
      expect(await schedulers[1].tick()).toBe(0);
      // The next Monday's is.
      now = london('2026-04-06T09:01');
      expect((await schedulers[1].tick()) + (await schedulers[0].tick())).toBe(1);
    });

    it("under several shards a process leaves another shard's servers alone: no post, no claim, no problem", async () => {
      const place = await fresh();
      const now = london('2026-03-30T09:00');
      const store = await open(place, () => now);
      await store.digests.save(GUILD, weekly);
      const poster = recordingPoster();
      const other = createDigestScheduler({
        digests: () => store.digests,
        timeZone: async () => 'Europe/London',
        poster,
        owns: () => false,
        logger,
        now: () => now,
      });
      expect(await other.tick()).toBe(0);
      expect(poster.posts).toEqual([]);
      // The run is still there to claim for the process that holds the server.
      expect(await scheduler(store, recordingPoster(), () => now).tick()).toBe(1);
    });

    it('a run missed during downtime is posted once at start: the latest missed instant only', async () => {
      const place = await fresh();
      // Three Mondays passed with nothing running.
      const now = london('2026-04-15T12:00');
      const store = await open(place, () => now);
      await store.digests.save(GUILD, weekly);
      const poster = recordingPoster();
      expect(await scheduler(store, poster, () => now).tick()).toBe(1);
      // A restart (a new scheduler, the same database) posts nothing more.
      const again = await open(place, () => now);
      expect(await scheduler(again, poster, () => now).tick()).toBe(0);
      expect(poster.posts).toEqual([GUILD]);
      const claimed = await place.query('select scheduled_at from digest_runs');
      expect(claimed.map((r) => Number(r.scheduled_at))).toEqual([london('2026-04-13T09:00')]);
    });

    it('a schedule moved (another time zone or hour) posts no second digest of the same day or week', async () => {
      const place = await fresh();
      let now = london('2026-03-30T09:00');
      const store = await open(place, () => now);
      await store.digests.save(GUILD, { ...weekly, since: now - 86_400_000 });
      const poster = recordingPoster();
      expect(await scheduler(store, poster, () => now).tick()).toBe(1);
      // The server's time zone moves to New York: Monday 09:00 there is 14:00 in London, a new instant.
      now = london('2026-03-30T15:00');
      const moved = createDigestScheduler({
        digests: () => store.digests,
        timeZone: async () => 'America/New_York',
        poster,
        logger,
        now: () => now,
      });
      expect(await moved.tick()).toBe(0);
      // The next week's is posted at its new time.
      now = london('2026-04-06T14:01');
      expect(await moved.tick()).toBe(1);
      expect(poster.posts).toEqual([GUILD, GUILD]);
    });

    it('no instant before the settings were saved is posted', async () => {
      const place = await fresh();
      const now = london('2026-03-30T10:00');
      const store = await open(place, () => now);
      await store.digests.save(GUILD, { ...weekly, since: now - 30 * 60_000 });
      const poster = recordingPoster();
      expect(await scheduler(store, poster, () => now).tick()).toBe(0);
      expect(poster.posts).toEqual([]);
    });

    it('a channel it cannot post in: the problem is kept for the admins, nothing posted or claimed', async () => {
      const place = await fresh();
      let now = london('2026-03-30T09:00');
      const store = await open(place, () => now);
      await store.digests.save(GUILD, weekly);
      const problem = `Rollcall cannot post the digest in <#${CHANNEL}>: missing Send Messages.`;
      const blocked = recordingPoster(problem);
      expect(await scheduler(store, blocked, () => now).tick()).toBe(0);
      expect(blocked.posts).toEqual([]);
      expect((await store.digests.get(GUILD))?.problem).toBe(problem);
      expect(await place.query('select * from digest_runs')).toEqual([]);
      // Once the permission is given, the run is posted and the problem cleared.
      now += 5 * 60_000;
      const allowed = recordingPoster();
      expect(await scheduler(store, allowed, () => now).tick()).toBe(1);
      expect((await store.digests.get(GUILD))?.problem).toBeUndefined();
    });

    it("deleting a server deletes its digest, its runs and its community's snapshot", async () => {
      const place = await fresh();
      const store = await open(place);
      const token = `digest-token-${randomBytes(8).toString('hex')}`;
      const shared = `digest-shared-${randomBytes(8).toString('hex')}`;
      await store.saveCredential(GUILD, { token, linkedBy: '1' });
      await store.saveCredential(OTHER, { token: shared, linkedBy: '1' });
      await store.saveCredential('1300000000000000094', { token: shared, linkedBy: '1' });
      const page = { page: 1, items: [{ id: 's1' }], totalPages: 1, fetchedAt: 1 };
      await store.snapshots.savePage(tokenHash(token), 'shifts', page);
      await store.snapshots.savePage(tokenHash(shared), 'shifts', page);
      await store.digests.save(GUILD, weekly);
      await store.digests.save(OTHER, weekly);
      await store.digests.claim(GUILD, 1);
      await store.deleteGuild(GUILD);
      await store.deleteGuild(OTHER);
      expect(await store.digests.get(GUILD)).toBeUndefined();
      expect(await store.digests.get(OTHER)).toBeUndefined();
      expect(await place.query('select * from digest_runs')).toEqual([]);
      expect(await store.snapshots.pageTimes(tokenHash(token))).toEqual([]);
      // Another server still reads that community with the same token: its snapshot stays.
      expect(await store.snapshots.pageTimes(tokenHash(shared))).toHaveLength(1);
    });
  });
});
