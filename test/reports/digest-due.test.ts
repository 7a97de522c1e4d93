/**
 * Digests per community, against both databases (SQLite always; PostgreSQL at 127.0.0.1:5432 when
 * reachable, and always in CI): a community whose reads never answer delays no other community's
 * digest, each cycle; a digest that hangs is abandoned at its deadline (its reads see the abort),
 * recorded like any failed post, and gives its place back; each round is one query for the digests
 * due, however many servers have one.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import Database from 'libsql';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentWait } from '../../src/api/wait.js';
import { createLogger } from '../../src/base/log.js';
import {
  createDigestScheduler,
  type DigestPoster,
  type DigestSettings,
  digestHorizonMs,
} from '../../src/community/digest-scheduler.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { SqlDigests } from '../../src/store/digests.js';
import { openStore, SQLITE_FILE, type Store } from '../../src/store/index.js';
import {
  MIGRATION_LOCK_TABLE,
  MIGRATION_TABLE,
  migrations,
  type Tables,
} from '../../src/store/migrations.js';
import { StoreDialect } from '../../src/store/postgres.js';
import { backends, type Place } from '../store/places.js';
import { manualTimer } from '../support/manual-timer.js';

/** Community A's server sorts first: a round that ran digests one after another would start with it. */
const A = '1300000000000000401';
const B = '1300000000000000402';
const CHANNEL = '1300000000000000403';
const logger = createLogger({ level: 'silent', format: 'json' });
const DAY = 86_400_000;

/** A daily digest at 09:00 UTC, saved long before the times these tests use. */
const daily: DigestSettings = {
  channelId: CHANNEL,
  cadence: 'daily',
  day: 'monday',
  hour: 9,
  reports: ['leave'],
  since: Date.parse('2026-01-01T00:00:00Z'),
};
const nine = (day: number) => Date.parse('2026-03-02T09:00:00Z') + day * DAY;

/**
 * Stands in for Discord and the API: posts are noted; the servers in `hanging` read for ever (a read
 * that never answers), unless the digest's signal aborts it, which is noted.
 */
function hangingPoster(hanging: Set<string>) {
  const posts: string[] = [];
  const aborted: string[] = [];
  const started: string[] = [];
  const waiters: Array<() => void> = [];
  const poster: DigestPoster = {
    check: async () => undefined,
    async post(guildId, _settings, signal) {
      started.push(guildId);
      for (const wake of waiters.splice(0)) wake();
      if (hanging.has(guildId)) {
        await new Promise<never>((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            aborted.push(guildId);
            reject(signal.reason);
          });
        });
      }
      posts.push(guildId);
      for (const wake of waiters.splice(0)) wake();
    },
  };
  /** Resolves once `list` holds `guildId` `count` times (no timer: the test's timeout bounds it). */
  async function until(list: string[], guildId: string, count: number) {
    while (list.filter((g) => g === guildId).length < count) await new Promise<void>((r) => waiters.push(r));
  }
  const posted = (guildId: string, count: number) => until(posts, guildId, count);
  const reading = (guildId: string, count: number) => until(started, guildId, count);
  return { poster, posts, aborted, started, posted, reading };
}

/** How a held token's read waits: told it waits behind a 429's Retry-After, or no answer at all. */
type Held = 'retry-after' | 'no answer';

/**
 * Stands in for Discord and the API of several tokens: `tokens` says which token each server reads
 * with; a server whose token is in `held` reads for ever (until its digest's deadline aborts the
 * read), and with 'retry-after' its read is first told it waits in the token's line, as the limits
 * tell a read held by a Retry-After (the wait context's onWait).
 */
function tokensPoster(tokens: Map<string, string>, held: Map<string, Held>) {
  const hanging = new Set([...tokens].filter(([, token]) => held.has(token)).map(([guild]) => guild));
  const double = hangingPoster(hanging);
  const poster: DigestPoster = {
    check: double.poster.check,
    tokenOf: async (guildId) => tokens.get(guildId),
    async post(guildId, settings, signal) {
      if (held.get(tokens.get(guildId) ?? '') === 'retry-after') currentWait()?.onWait(1, 300_000);
      await double.poster.post(guildId, settings, signal);
    },
  };
  return { ...double, poster };
}

describe.each(backends)('digests per community: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];
  const closers: Array<() => Promise<void>> = [];

  afterEach(async () => {
    for (const close of closers.splice(0)) await close().catch(() => {});
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });

  async function open(now: () => number): Promise<{ place: Place; store: Store }> {
    const place = await backend.fresh();
    places.push(place);
    const store = await openStore({ ...place.options, secretKey: randomBytes(32), now });
    stores.push(store);
    return { place, store };
  }

  /** The digests' store over a second connection to the same tables, counting every SQL statement. */
  function counted(place: Place, now: () => number) {
    const counter = { queries: 0 };
    const log = () => {
      counter.queries++;
    };
    const db =
      backend.name === 'sqlite'
        ? new Kysely<Tables>({
            dialect: new SqliteDialect({
              database: new Database(join(place.options.dataDir as string, SQLITE_FILE)),
            }),
            log,
          })
        : new Kysely<Tables>({
            // The store's own dialect: Kysely's introspector reads every schema of the database,
            // and a schema another test drops meanwhile fails the migrator with 3F000.
            dialect: new StoreDialect({
              pool: new pg.Pool({
                connectionString: place.options.databaseUrl,
                options: `-c search_path=${place.options.schema}`,
                max: 2,
              }),
            }),
            log,
          });
    closers.push(() => db.destroy());
    const digests = new SqlDigests(db, (query) => query(), now);
    return { digests, db, counter };
  }

  describe.runIf(backend.run)('', () => {
    it("a community whose reads never answer delays no other's digest, cycle after cycle", async () => {
      let now = nine(0);
      const { store } = await open(() => now);
      await store.digests.save(A, daily);
      await store.digests.save(B, daily);
      const double = hangingPoster(new Set([A]));
      const scheduler = createDigestScheduler({
        digests: () => store.digests,
        timeZone: async () => 'UTC',
        poster: double.poster,
        logger,
        now: () => now,
        timer: manualTimer(), // A's deadline never comes
      });
      closers.push(() => Promise.race([scheduler.stop(), Promise.resolve()]));
      for (let day = 0; day < 3; day++) {
        now = nine(day) + 30_000; // the round half a minute after 09:00
        void scheduler.tick(); // the interval's round: nothing waits for it
        await double.posted(B, day + 1);
      }
      // B's digest came each day while A's first one still waits for its reads (its deadline is far):
      // A's started once (its claim may reach the store after B's posts on a loaded machine), never again.
      await double.reading(A, 1);
      expect(double.posts).toEqual([B, B, B]);
      expect(double.started.filter((g) => g === A)).toEqual([A]);
      expect(double.aborted).toEqual([]);
    }, 20_000);

    it('a digest that hangs is abandoned at its deadline, recorded as not posted, and gives its place back', async () => {
      let now = nine(0);
      const { store, place } = await open(() => now);
      await store.digests.save(A, daily);
      await store.digests.save(B, daily);
      const double = hangingPoster(new Set([A]));
      // One place only, kept until the deadline (the patience is longer): B can run only once A's
      // hanging digest has given it back. The deadline passes on the test's own timer, injected:
      // nothing global is faked, so the PostgreSQL driver's timers keep real time.
      const DEADLINE = 60_000;
      const clock = manualTimer();
      const scheduler = createDigestScheduler({
        digests: () => store.digests,
        timeZone: async () => 'UTC',
        poster: double.poster,
        logger,
        now: () => now,
        timer: clock,
        concurrency: 1,
        deadlineMs: DEADLINE,
        patienceMs: 2 * DEADLINE,
      });
      const cycle = async (day: number) => {
        const ticking = scheduler.tick();
        await double.reading(A, day + 1);
        expect(double.started.filter((g) => g === B)).toHaveLength(day); // B waits for the place
        clock.advance(DEADLINE);
        return await ticking;
      };
      expect(await cycle(0)).toBe(1);
      expect(double.posts).toEqual([B]);
      // A's read saw the abort; its run is claimed and its admins see why nothing came (recorded
      // before its turn ended, so before the round's outcome).
      expect(double.aborted).toEqual([A]);
      expect((await store.digests.get(A))?.problem).toBe(MESSAGES.digestFailed);
      const runs = await place.query('select guild_id from digest_runs order by guild_id');
      expect(runs.map((r) => r.guild_id)).toEqual([A, B]);
      // The next day the same again: the place was not kept by the hang.
      now = nine(1);
      expect(await cycle(1)).toBe(1);
      expect(double.posts).toEqual([B, B]);
      expect(double.aborted).toEqual([A, A]);
      await scheduler.stop();
      expect(clock.pending).toBe(0); // every deadline and patience timer was cleared
    }, 20_000);

    // The black-box attack: four held tokens (one token on four servers, or four tokens; held by a
    // Retry-After or not answering) and a healthy community whose digest must come at each instant.
    it.each([
      { shape: 'one token on four servers', held: 'retry-after' as Held, tokens: ['h', 'h', 'h', 'h'] },
      { shape: 'one token on four servers', held: 'no answer' as Held, tokens: ['h', 'h', 'h', 'h'] },
      { shape: 'four tokens', held: 'retry-after' as Held, tokens: ['h1', 'h2', 'h3', 'h4'] },
      { shape: 'four tokens', held: 'no answer' as Held, tokens: ['h1', 'h2', 'h3', 'h4'] },
    ])(
      '$shape held ($held) hold one place each at most: the healthy digest is posted at each instant',
      async ({ held, tokens: heldTokens }) => {
        let now = nine(0);
        const { store } = await open(() => now);
        // The held servers sort before the healthy one: a round starts their digests first.
        const heldGuilds = heldTokens.map((_, i) => `130000000000000041${i}`);
        const healthy = '1300000000000000420';
        const tokens = new Map([
          ...heldGuilds.map((g, i) => [g, heldTokens[i] as string] as const),
          [healthy, 'ok'],
        ]);
        for (const guild of tokens.keys()) await store.digests.save(guild, daily);
        const double = tokensPoster(tokens, new Map(heldTokens.map((t) => [t, held])));
        const clock = manualTimer();
        const PATIENCE = 15_000;
        const scheduler = createDigestScheduler({
          digests: () => store.digests,
          timeZone: async () => 'UTC',
          poster: double.poster,
          logger,
          now: () => now,
          timer: clock,
          patienceMs: PATIENCE,
        });
        closers.push(() => Promise.race([scheduler.stop(), Promise.resolve()]));
        for (let day = 0; day < 3; day++) {
          now = nine(day) + 30_000;
          void scheduler.tick();
          if (day === 0 && held === 'no answer' && new Set(heldTokens).size === 4) {
            // Four tokens whose reads hang take the four places; each gives it back at the patience.
            for (const guild of heldGuilds) await double.reading(guild, 1);
            clock.advance(PATIENCE);
          }
          await double.posted(healthy, day + 1);
        }
        expect(double.posts).toEqual([healthy, healthy, healthy]);
        // Each held token's first digest started once and still waits (its deadline is far); the
        // servers sharing a token wait behind it without starting.
        const first = new Set(heldTokens).size === 1 ? [heldGuilds[0] as string] : heldGuilds;
        for (const guild of first) await double.reading(guild, 1);
        const started = heldGuilds.filter((g) => double.started.includes(g));
        expect(started).toEqual(first);
        expect(double.aborted).toEqual([]);
      },
      20_000,
    );

    it('a digest saved before next_at existed (0004) is looked at by the first round and then scheduled', async () => {
      let now = nine(0) + 60_000;
      const place = await backend.fresh();
      places.push(place);
      // The database as the version before this one left it: migrations up to 0004, one digest saved.
      const { db } = counted(place, () => now);
      if (place.options.schema)
        await sql`create schema if not exists ${sql.id(place.options.schema)}`.execute(db);
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0005'));
      const { error } = await new Migrator({
        db,
        provider: { getMigrations: async () => before },
        migrationTableName: MIGRATION_TABLE,
        migrationLockTableName: MIGRATION_LOCK_TABLE,
        ...(place.options.schema ? { migrationTableSchema: place.options.schema } : {}),
      }).migrateToLatest();
      expect(error).toBeUndefined();
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('digest_settings')
        .values({ guild_id: A, settings: JSON.stringify(daily), problem: null, updated_at: 1 })
        .execute();
      const store = await openStore({ ...place.options, secretKey: randomBytes(32), now: () => now });
      stores.push(store);
      expect(await store.version()).toBe(Object.keys(migrations).sort().at(-1));
      expect((await store.digests.get(A))?.nextAt).toBe(0);
      const double = hangingPoster(new Set());
      const scheduler = createDigestScheduler({
        digests: () => store.digests,
        timeZone: async () => 'UTC',
        poster: double.poster,
        logger,
        now: () => now,
      });
      expect(await scheduler.tick()).toBe(1);
      expect((await store.digests.get(A))?.nextAt).toBe(nine(1));
      now = nine(1);
      expect(await scheduler.tick()).toBe(1);
      expect(double.posts).toEqual([A, A]);
    });

    it('each round is one query for the digests due, however many servers have a digest', async () => {
      const now = nine(0);
      const { place } = await open(() => now);
      const { digests, db, counter } = counted(place, () => now);
      // 10,000 servers, every one already looked at (next instant tomorrow), written in bulk.
      const settings = JSON.stringify(daily);
      const ids = Array.from({ length: 10_000 }, (_, i) => String(1_400_000_000_000_000_000n + BigInt(i)));
      for (let i = 0; i < ids.length; i += 1_000) {
        await db
          .insertInto('digest_settings')
          .values(
            ids.slice(i, i + 1_000).map((id) => ({
              guild_id: id,
              settings,
              problem: null,
              updated_at: now,
              next_at: nine(1),
            })),
          )
          .execute();
      }
      const poster = hangingPoster(new Set());
      const scheduler = createDigestScheduler({
        digests: () => digests,
        timeZone: async () => 'UTC',
        poster: poster.poster,
        logger,
        now: () => now,
      });
      counter.queries = 0;
      expect(await scheduler.tick()).toBe(0);
      expect(counter.queries).toBe(1);
      expect(poster.started).toEqual([]);

      // Three come due (one saved anew, one at its instant, one worked out on a clock far ahead).
      const [saved, atInstant, farAhead] = [17, 4_242, 9_999].map((i) => ids[i] as string) as [
        string,
        string,
        string,
      ];
      await digests.save(saved, daily);
      await digests.schedule(atInstant, now);
      await digests.schedule(farAhead, now + digestHorizonMs(0) + 1);
      const due = await digests.due({ now, horizonMs: digestHorizonMs(0), limit: 100 });
      expect(due.map((d) => d.guildId)).toEqual([saved, atInstant, farAhead]);
      // A round over more due digests than it asks for goes on from where it stopped.
      const first = await digests.due({ now, horizonMs: digestHorizonMs(0), limit: 2 });
      const last = first.at(-1);
      expect(
        (
          await digests.due({
            now,
            horizonMs: digestHorizonMs(0),
            limit: 2,
            ...(last ? { after: { nextAt: last.nextAt, guildId: last.guildId } } : {}),
          })
        ).map((d) => d.guildId),
      ).toEqual([farAhead]);

      counter.queries = 0;
      await scheduler.tick();
      // Only the three due digests were looked at; each is then scheduled for its next instant.
      expect([...poster.started].sort()).toEqual([saved, atInstant, farAhead].sort());
      const perDigest = (counter.queries - 1) / 3;
      counter.queries = 0;
      expect(await scheduler.tick()).toBe(0);
      expect(counter.queries).toBe(1);
      expect(perDigest).toBeLessThanOrEqual(6);
      for (const id of [saved, atInstant, farAhead]) expect((await digests.get(id))?.nextAt).toBe(nine(1));
      await scheduler.stop();
    }, 60_000);

    it('a round with more digests due than one query asks for starts them all, one query per batch', async () => {
      const now = nine(0);
      const { place } = await open(() => now);
      const { digests, db } = counted(place, () => now);
      // 250 due at this instant (as one hour of a day's digests in a large process), 50 tomorrow.
      const settings = JSON.stringify(daily);
      const ids = Array.from({ length: 300 }, (_, i) => String(1_400_000_000_000_000_000n + BigInt(i)));
      await db
        .insertInto('digest_settings')
        .values(
          ids.map((id, i) => ({
            guild_id: id,
            settings,
            problem: null,
            updated_at: now,
            next_at: i < 250 ? now : nine(1),
          })),
        )
        .execute();
      // What happens in which order: the store's `due` queries and each digest's token lookup.
      const order: string[] = [];
      const due = vi.spyOn(digests, 'due');
      due.mockImplementation(async (query) => {
        order.push('due');
        return SqlDigests.prototype.due.call(digests, query);
      });
      const poster = hangingPoster(new Set());
      const scheduler = createDigestScheduler({
        digests: () => digests,
        timeZone: async () => 'UTC',
        poster: {
          ...poster.poster,
          tokenOf: async (guildId) => {
            order.push('token');
            return guildId;
          },
        },
        logger,
        now: () => now,
        concurrency: 50,
      });
      // One round: every due digest posted, not the first 100 now and the rest a round (a minute) later each.
      expect(await scheduler.tick()).toBe(250);
      expect(due).toHaveBeenCalledTimes(3);
      expect(new Set(poster.posts)).toEqual(new Set(ids.slice(0, 250)));
      // Every batch read before any digest starts: the round's queries never wait behind the digests'.
      expect(order.slice(0, 4)).toEqual(['due', 'due', 'due', 'token']);
      // The next round finds none due, with one query.
      due.mockClear();
      expect(await scheduler.tick()).toBe(0);
      expect(due).toHaveBeenCalledTimes(1);
      await scheduler.stop();
    }, 60_000);
  });
});
