/**
 * Scheduled digests in single-community mode, end to end (the real bot, the Discord double, the
 * sandbox API): the environment sets one (DIGEST_CHANNEL_ID, DIGEST_SCHEDULE, DIGEST_REPORTS); it is
 * posted once at its instant, without pings; of two processes sharing a store exactly one posts it;
 * a run missed while no process ran is posted once at the next start; a channel the bot may not
 * post in, one that is gone and one outside DISCORD_GUILD_ID's servers are each one log line, never
 * a post. The scheduler's clock is the test's; the rest runs in real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { until } from '../reliability/support.js';
import {
  ELSEWHERE,
  type EnvDigestWorld,
  GONE,
  GUILD,
  LOCKED,
  STAFF,
  startEnvDigestWorld,
} from './env-digest-world.js';

let world: EnvDigestWorld;

beforeAll(async () => {
  world = await startEnvDigestWorld();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const at = (iso: string) => Date.parse(iso);
/** Messages posted in a channel so far. */
const postedIn = (channelId: string) =>
  world.double.channelMessages.filter((m) => m.channel_id === channelId);
const CANNOT = 'the digest (DIGEST_CHANNEL_ID) cannot be posted';

describe('single-community digests', () => {
  it('posts the digest once at its instant, in the channel, with no pings', async () => {
    // Monday 30 March 2026, 08:00 UTC: this Monday's 09:00 is an hour away.
    world.clock.now = at('2026-03-30T08:00:00Z');
    const dataDir = world.dataDir();
    const bot = await world.start({ DATA_DIR: dataDir, DIGEST_SCHEDULE: 'weekly monday 9' });
    expect(await bot.app.digests?.tick()).toBe(0); // the start's round, or one after it
    world.clock.now = at('2026-03-30T08:59:59.999Z');
    expect(await bot.app.digests?.tick()).toBe(0);
    expect(postedIn(STAFF)).toHaveLength(0);

    world.clock.now = at('2026-03-30T09:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(1);
    const posted = postedIn(STAFF);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.embeds.map((e) => e.title?.split(' · ')[0])).toEqual([
      'Time on duty',
      'Quota check',
      'On leave now',
      'Returning this week',
      'Starting this week',
      'Waiting for review',
    ]);
    for (const embed of posted[0]?.embeds ?? []) {
      // Where the data came from and its age, said once; Discord shows the time of the read after it.
      expect(embed.footer?.text).toMatch(/(^| · )(Data as of|Saved data \(.+ old\) as of)$/);
      expect(embed.timestamp).toBeDefined();
    }
    expect(posted[0]?.mentions).toEqual([]);
    expect(posted[0]?.mention_everyone).toBe(false);
    expect(bot.logged('digest posted')).toHaveLength(1);

    // The next rounds find the run claimed.
    world.clock.now = at('2026-03-30T09:00:30Z');
    expect(await bot.app.digests?.tick()).toBe(0);
    world.clock.now = at('2026-04-05T23:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(0);
    expect(postedIn(STAFF)).toHaveLength(1);
    await bot.app.stop(2_000);

    // Down over the next Monday 09:00: the next start posts it once (only that latest run) …
    world.clock.now = at('2026-04-13T12:00:00Z'); // two Mondays missed: the 6th and the 13th
    const again = await world.start({ DATA_DIR: dataDir, DIGEST_SCHEDULE: 'weekly monday 9' });
    await again.app.digests?.tick();
    expect(postedIn(STAFF)).toHaveLength(2);
    expect(again.logged('digest posted')[0]?.scheduledAt).toBe(at('2026-04-13T09:00:00Z'));
    await again.app.stop(2_000);
    // … and a start after that, never twice.
    const third = await world.start({ DATA_DIR: dataDir, DIGEST_SCHEDULE: 'weekly monday 9' });
    expect(await third.app.digests?.tick()).toBe(0);
    expect(postedIn(STAFF)).toHaveLength(2);
    // Changed settings start afresh: a daily 09:00 digest seen first at 12:00 waits for tomorrow.
    await third.app.stop(2_000);
    const changed = await world.start({
      DATA_DIR: dataDir,
      DIGEST_SCHEDULE: 'daily 9',
      DIGEST_REPORTS: 'leave',
    });
    expect(await changed.app.digests?.tick()).toBe(0);
    world.clock.now = at('2026-04-14T09:00:00Z');
    expect(await changed.app.digests?.tick()).toBe(1);
    expect(
      postedIn(STAFF)
        .at(-1)
        ?.embeds.map((e) => e.title?.split(' · ')[0]),
    ).toEqual(['On leave now', 'Returning this week', 'Starting this week', 'Waiting for review']);
    await changed.app.stop(2_000);
  });

  it('of two processes sharing the store, exactly one posts each run', async () => {
    world.clock.now = at('2026-05-04T08:00:00Z');
    const env = {
      DATA_DIR: world.dataDir(),
      DIGEST_SCHEDULE: 'daily 9',
      CACHE_URL: 'redis://127.0.0.1:6379',
    };
    const [one, two] = [await world.start(env), await world.start(env)];
    await Promise.all([one.app.digests?.tick(), two.app.digests?.tick()]);
    const before = postedIn(STAFF).length;
    for (const day of ['2026-05-04', '2026-05-05']) {
      world.clock.now = at(`${day}T09:00:00.500Z`);
      const counts = await Promise.all([one.app.digests?.tick(), two.app.digests?.tick()]);
      expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(1);
    }
    expect(postedIn(STAFF)).toHaveLength(before + 2);
    await Promise.all([one.app.stop(2_000), two.app.stop(2_000)]);
  });

  it('a channel the bot may not send in: nothing posted, one warn line however many rounds', async () => {
    world.clock.now = at('2026-06-01T08:00:00Z');
    const bot = await world.start({ DIGEST_CHANNEL_ID: LOCKED, DIGEST_SCHEDULE: 'daily 9' });
    for (const time of ['09:00', '09:01', '09:02', '12:00']) {
      world.clock.now = at(`2026-06-01T${time}:00Z`);
      expect(await bot.app.digests?.tick()).toBe(0);
    }
    expect(postedIn(LOCKED)).toHaveLength(0);
    const warned = bot.logged(CANNOT);
    expect(warned).toHaveLength(1);
    expect(warned[0]?.level).toBe(40); // warn
    expect(warned[0]?.problem).toBe(MESSAGES.digestMissing(LOCKED, ['Send Messages']));
    await bot.app.stop(2_000);
  });

  it('a channel that is gone: nothing posted, one warn line', async () => {
    world.clock.now = at('2026-06-01T10:00:00Z');
    const bot = await world.start({ DIGEST_CHANNEL_ID: GONE, DIGEST_SCHEDULE: 'daily 9' });
    world.clock.now = at('2026-06-02T09:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(0);
    expect(await bot.app.digests?.tick()).toBe(0);
    const warned = bot.logged(CANNOT);
    expect(warned).toHaveLength(1);
    expect(warned[0]?.problem).toBe(MESSAGES.digestNoChannel(GONE));
    await bot.app.stop(2_000);
  });

  it("a channel of a server on another shard: this process leaves it to that shard, with no false 'gone'", async () => {
    world.clock.now = at('2026-06-01T10:00:00Z');
    // This process is shard 1 of 2, as under the shard manager: GUILD is shard 0's (id >> 22 is even),
    // so neither it nor its channels are in this client's cache (discord.js reads SHARDS itself).
    process.env.SHARDS = '[1]';
    process.env.SHARD_COUNT = '2';
    try {
      const before = postedIn(STAFF).length; // earlier tests' digests, in the same world
      const bot = await world.start({ DIGEST_CHANNEL_ID: STAFF, DIGEST_SCHEDULE: 'daily 9' });
      expect(bot.app.bot.client.guilds.cache.has(GUILD)).toBe(false);
      world.clock.now = at('2026-06-02T09:00:00Z');
      expect(await bot.app.digests?.tick()).toBe(0);
      expect(postedIn(STAFF)).toHaveLength(before);
      expect(bot.logged(CANNOT)).toEqual([]);
      await bot.app.stop(2_000);
    } finally {
      delete process.env.SHARDS;
      delete process.env.SHARD_COUNT;
    }
  });

  it('a channel of a server not in DISCORD_GUILD_ID: nothing posted, one error line naming the settings', async () => {
    world.clock.now = at('2026-06-01T10:00:00Z');
    const bot = await world.start({ DIGEST_CHANNEL_ID: ELSEWHERE, DIGEST_SCHEDULE: 'daily 9' });
    world.clock.now = at('2026-06-02T09:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(0);
    expect(await bot.app.digests?.tick()).toBe(0);
    expect(postedIn(ELSEWHERE)).toHaveLength(0);
    const logged = bot.logged(CANNOT);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe(50); // error
    expect(String(logged[0]?.problem)).toMatch(
      /DIGEST_CHANNEL_ID is a channel of a server not in DISCORD_GUILD_ID/,
    );
    await bot.app.stop(2_000);
  });

  it('with API_MONTH_SECONDS follows the compressed calendar: a daily digest every 30th of the period', async () => {
    // A month of 60 s: a day is 2 s, so a daily digest at 00:00 is due at every even second of the
    // scheduler's clock. The clock is the test's: each step moves it on and waits for the rounds.
    const start = at('2026-03-30T08:00:00.500Z');
    world.clock.now = start;
    const bot = await world.start({
      DATA_DIR: world.dataDir(),
      API_MONTH_SECONDS: '60',
      DIGEST_SCHEDULE: 'daily 0',
    });
    const posted = () => bot.logged('digest posted').map((line) => Number(line.scheduledAt));
    await bot.app.digests?.tick();
    expect(posted()).toEqual([]); // the instant before the start is older than the digest's settings
    // One compressed day, then another, then two at once: one post each time, the latest instant only.
    for (const [days, count] of [
      [1, 1],
      [1, 2],
      [2, 3],
    ] as const) {
      world.clock.now += days * 2_000;
      await bot.app.digests?.tick();
      await until(() => posted().length >= count, 30_000, `digest ${count}`);
    }
    await bot.app.stop(2_000);
    expect(posted()).toEqual([start + 1_500, start + 3_500, start + 7_500]);
  });

  it('with REPORTS_REVIEW_AFTER_HOURS, "Waiting for review" says how many waited longer', async () => {
    world.clock.now = at('2026-05-04T08:00:00Z');
    const bot = await world.start({
      DATA_DIR: world.dataDir(),
      DIGEST_SCHEDULE: 'daily 9',
      DIGEST_REPORTS: 'leave',
      REPORTS_REVIEW_AFTER_HOURS: '24',
    });
    expect(await bot.app.digests?.tick()).toBe(0);
    world.clock.now = at('2026-05-04T09:00:00Z');
    expect(await bot.app.digests?.tick()).toBe(1);
    const queue = postedIn(STAFF).at(-1)?.embeds.at(-1);
    expect(queue?.title).toBe(ENGLISH.loa.queueTitle);
    const [oldest, overdue] = queue?.description?.split('\n') ?? [];
    expect(oldest).toMatch(/^Oldest( of those read)?: .+, waiting .+\.$/);
    expect(overdue).toMatch(/^⏰ \d+( of those read)? waited longer than 24 h\.$/);
    await bot.app.stop(2_000);
  });

  it('without DIGEST_CHANNEL_ID there is no digest scheduler', async () => {
    const bot = await world.start({ DIGEST_CHANNEL_ID: '' });
    expect(bot.app.digests).toBeUndefined();
    await bot.app.stop(2_000);
  });
});
