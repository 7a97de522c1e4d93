/**
 * Leave reminders against both databases (SQLite always; PostgreSQL at 127.0.0.1:5432 when
 * reachable, and always in CI), on a fake clock: two stores on one database (two processes) claiming
 * the same reminder, one wins; two schedulers post each leave's reminder once, and a restarted one
 * does not post it again; a leave extended is reminded of again at its new end; a channel the bot
 * cannot post in is recorded for the admins and nothing is claimed; turning reminders off stops them;
 * deleting a server deletes its reminders.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { createLogger } from '../../src/base/log.js';
import { createReminderScheduler, type ReminderPoster } from '../../src/community/reminder-scheduler.js';
import { ENGLISH } from '../../src/i18n/words.js';
import type { ReminderMessage } from '../../src/render/reminders.js';
import { openStore, type Store } from '../../src/store/index.js';
import { backends, type Place } from './../store/places.js';

const GUILD = '1300000000000000291';
const OTHER = '1300000000000000292';
const CHANNEL = '1300000000000000293';
const USER = '1300000000000000294';
const logger = createLogger({ level: 'silent', format: 'json' });
const at = (iso: string) => Date.parse(iso);
const D = 86_400;

/** An approved LOA of member `m-<id>` ending at `end` (Unix seconds). */
const leave = (id: string, end: number): Partial<Loa> => ({
  id,
  memberId: `m-${id}`,
  startAt: end - 10 * D,
  endAt: end,
  reviewedAt: end - 12 * D,
});

/** Stands in for Discord and the community: the LOAs it says, the channel's problem, each message sent. */
function fakePoster(loas: () => Partial<Loa>[], problem?: () => string | undefined) {
  const sent: Array<{ channelId: string; message: ReminderMessage }> = [];
  const poster: ReminderPoster = {
    check: async () => problem?.(),
    leave: async () => ({
      loas: loas(),
      timeZone: 'Europe/London',
      words: ENGLISH,
      people: async () => new Map([['m-known', USER]]),
    }),
    async send(channelId, message) {
      sent.push({ channelId, message });
    },
  };
  return { poster, sent };
}

describe.each(backends)('leave reminders: $title', (backend) => {
  const places: Place[] = [];
  const stores: Store[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => {})));
    await Promise.all(places.splice(0).map((p) => p.remove()));
  });
  const keys = new Map<Place, Buffer>();
  async function open(place: Place, now: () => number = Date.now): Promise<Store> {
    if (!keys.has(place)) keys.set(place, randomBytes(32));
    const store = await openStore({ ...place.options, secretKey: keys.get(place) as Buffer, now });
    stores.push(store);
    return store;
  }
  async function fresh(): Promise<Place> {
    const place = await backend.fresh();
    places.push(place);
    return place;
  }
  const scheduler = (store: Store, poster: ReminderPoster, now: () => number) =>
    createReminderScheduler({ reminders: () => store.reminders, poster, logger, now });

  describe.runIf(backend.run)('', () => {
    it('two stores claiming the same reminder at once: exactly one wins, once', async () => {
      const place = await fresh();
      const [one, two] = [await open(place), await open(place)] as const;
      const end = Math.floor(at('2026-06-02T09:00:00Z') / 1000);
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : two).reminders.claim(GUILD, 'loa-1', end)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // Another leave, another end of the same leave, another server: each its own reminder.
      expect(await two.reminders.claim(GUILD, 'loa-2', end)).toBe(true);
      expect(await one.reminders.claim(GUILD, 'loa-1', end + D)).toBe(true);
      expect(await one.reminders.claim(OTHER, 'loa-1', end)).toBe(true);
      expect(await one.reminders.claim(GUILD, 'loa-1', end)).toBe(false);
    });

    it('two processes post each leave ending tomorrow once; a restart does not post it again', async () => {
      const place = await fresh();
      let now = at('2026-06-01T08:00:00Z'); // 09:00 in London on the 1st
      const clock = () => now;
      const [one, two] = [await open(place, clock), await open(place, clock)] as const;
      await one.reminders.save(GUILD, { channelId: CHANNEL, pings: false });
      const tomorrow = Math.floor(at('2026-06-02T16:00:00Z') / 1000);
      const loas = [leave('known', tomorrow), leave('b', tomorrow + 60), leave('later', tomorrow + 2 * D)];
      const first = fakePoster(() => loas);
      const second = fakePoster(() => loas);
      const schedulers = [scheduler(one, first.poster, clock), scheduler(two, second.poster, clock)];
      const counts = await Promise.all(schedulers.map((s) => s.tick()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
      const sent = [...first.sent, ...second.sent];
      expect(sent.map((s) => s.channelId)).toEqual([CHANNEL, CHANNEL]);
      expect(sent.map((s) => s.message.content).sort()).toEqual([
        expect.stringContaining(`<@${USER}>`),
        expect.stringContaining('`m-b`'),
      ]);
      // Pings are off: nobody is pinged, not even the member named.
      for (const s of sent) expect(s.message.allowedMentions).toEqual({ parse: [], users: [] });
      // Later the same day, and after a restart (a new store and scheduler on the same database): nothing.
      now += 3 * 3_600_000;
      expect(await schedulers[0]?.tick()).toBe(0);
      const restarted = fakePoster(() => loas);
      expect(await scheduler(await open(place, clock), restarted.poster, clock).tick()).toBe(0);
      expect(restarted.sent).toEqual([]);
      // Two days on, the later leave's day before: only it.
      now = at('2026-06-03T08:00:00Z');
      expect(await schedulers[1]?.tick()).toBe(1);
      // Extended by a week: its reminder comes again the day before its new end, pinging when pings are on.
      await one.reminders.save(GUILD, { channelId: CHANNEL, pings: true });
      const extended = [{ ...leave('known', tomorrow + 7 * D) }];
      const third = fakePoster(() => extended);
      now = at('2026-06-08T08:00:00Z');
      expect(await scheduler(two, third.poster, clock).tick()).toBe(1);
      expect(third.sent[0]?.message.allowedMentions).toEqual({ parse: [], users: [USER] });
    });

    it('a channel it cannot post in: the problem is kept for the admins, nothing claimed', async () => {
      const place = await fresh();
      const now = at('2026-06-01T08:00:00Z');
      const store = await open(place, () => now);
      await store.reminders.save(GUILD, { channelId: CHANNEL, pings: false });
      const loas = [leave('a', Math.floor(at('2026-06-02T12:00:00Z') / 1000))];
      const problem = `Rollcall cannot post leave reminders in <#${CHANNEL}>: missing Send Messages.`;
      let blocked: string | undefined = problem;
      const { poster, sent } = fakePoster(
        () => loas,
        () => blocked,
      );
      const s = scheduler(store, poster, () => now);
      expect(await s.tick()).toBe(0);
      expect(sent).toEqual([]);
      expect((await store.reminders.get(GUILD))?.problem).toBe(problem);
      expect(await place.query('select * from reminder_posts')).toEqual([]);
      // Once the permission is given, the reminder is posted and the problem cleared.
      blocked = undefined;
      expect(await s.tick()).toBe(1);
      expect((await store.reminders.get(GUILD))?.problem).toBeUndefined();
    });

    it('a post that fails is recorded for the admins and not tried again', async () => {
      const place = await fresh();
      const now = at('2026-06-01T08:00:00Z');
      const store = await open(place, () => now);
      await store.reminders.save(GUILD, { channelId: CHANNEL, pings: false });
      const loas = [leave('a', Math.floor(at('2026-06-02T12:00:00Z') / 1000))];
      const { poster } = fakePoster(() => loas);
      const failing = { ...poster, send: async () => Promise.reject(new Error('Discord did not answer')) };
      expect(await scheduler(store, failing, () => now).tick()).toBe(0);
      expect((await store.reminders.get(GUILD))?.problem).toMatch(/could not be posted/);
      const retry = fakePoster(() => loas);
      expect(await scheduler(store, retry.poster, () => now).tick()).toBe(0);
    });

    it('turned off: nothing is posted; deleting the server deletes its reminders and claims', async () => {
      const place = await fresh();
      const now = at('2026-06-01T08:00:00Z');
      const store = await open(place, () => now);
      const loas = [leave('a', Math.floor(at('2026-06-02T12:00:00Z') / 1000))];
      await store.reminders.save(GUILD, { channelId: CHANNEL, pings: false });
      await store.reminders.remove(GUILD);
      const { poster, sent } = fakePoster(() => loas);
      expect(await scheduler(store, poster, () => now).tick()).toBe(0);
      expect(sent).toEqual([]);
      await store.reminders.save(GUILD, { channelId: CHANNEL, pings: false });
      expect(await scheduler(store, poster, () => now).tick()).toBe(1);
      await store.deleteGuild(GUILD);
      expect(await store.reminders.get(GUILD)).toBeUndefined();
      expect(await place.query('select * from reminder_posts')).toEqual([]);
    });

    it('claims of leave that ended over 30 days ago are pruned; newer ones are kept', async () => {
      const place = await fresh();
      const now = at('2026-06-01T08:00:00Z');
      const store = await open(place, () => now);
      const seconds = Math.floor(now / 1000);
      await store.reminders.claim(GUILD, 'old', seconds - 31 * D);
      await store.reminders.claim(GUILD, 'recent', seconds - 29 * D);
      const { poster } = fakePoster(() => []);
      await scheduler(store, poster, () => now).tick();
      const rows = await place.query('select loa_id from reminder_posts');
      expect(rows.map((r) => r.loa_id)).toEqual(['recent']);
    });

    it('pages through many servers: every one is looked at', async () => {
      const place = await fresh();
      const now = at('2026-06-01T08:00:00Z');
      const store = await open(place, () => now);
      const guilds = Array.from({ length: 7 }, (_, i) => `13000000000000003${String(i).padStart(2, '0')}`);
      for (const g of guilds) await store.reminders.save(g, { channelId: CHANNEL, pings: false });
      const loas = [leave('a', Math.floor(at('2026-06-02T12:00:00Z') / 1000))];
      const { poster, sent } = fakePoster(() => loas);
      const s = createReminderScheduler({
        reminders: () => store.reminders,
        poster,
        logger,
        now: () => now,
        batch: 3,
      });
      expect(await s.tick()).toBe(7);
      expect(sent).toHaveLength(7);
    });
  });
});
