/**
 * Leave reminders in single-community mode, end to end (the real bot, the Discord double, the
 * sandbox API): the environment sets the channel (REMINDER_CHANNEL_ID) and whether the member named
 * is pinged (REMINDER_PINGS). The day before leave ends the scheduler posts one message per leave
 * there, from the snapshot the reports saved (no request), naming the member and pinging nobody
 * unless asked, never twice (a restart or a second process sharing the store posts nothing again);
 * a channel the bot may not send in, or outside DISCORD_GUILD_ID's servers, is one log line and
 * never a post. The schedulers' clock is the test's (injected); the rest runs in real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf } from '../e2e/world.js';
import {
  type Bot,
  ELSEWHERE,
  type EnvDigestWorld,
  GUILD,
  LOCKED,
  STAFF,
  startEnvDigestWorld,
} from './env-digest-world.js';
import { busyDates, dayBefore, endingOn } from './leave-ending.js';

const REMINDER_TEXT = ENGLISH.reminders;
const KNOWN_USER = '1300000000000000207';
const CANNOT = 'leave reminders (REMINDER_CHANNEL_ID) cannot be posted';

let world: EnvDigestWorld;
let mod: DoubleUser;

beforeAll(async () => {
  world = await startEnvDigestWorld();
  mod = world.double.user({ username: 'moderator', roles: ['Moderator'] });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Messages posted in a channel so far. */
const postedIn = (channelId: string) =>
  world.double.channelMessages.filter((m) => m.channel_id === channelId);

/** The `allowed_mentions` a channel message was sent with. */
function allowedMentionsOf(content: string) {
  const call = world.double.calls.find(
    (c) => c.method === 'POST' && (c.body as { content?: string } | undefined)?.content === content,
  );
  return (call?.body as { allowed_mentions?: unknown } | undefined)?.allowed_mentions;
}

/** A bot with reminders in `channel` and no digest. */
const startBot = (env: Record<string, string> = {}) =>
  world.start({ DIGEST_CHANNEL_ID: '', REMINDER_CHANNEL_ID: STAFF, ...env });

/** A moderator's /loa active, asked again until the snapshot is read whole (what reminders then read as saved). */
async function readSnapshot(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const handle = await world.double.slash(mod, 'loa', { subcommand: 'active', guildId: GUILD });
    const embed = embedOf((await handle.response()).message);
    expect(embed.title).toBe('On leave now');
    if (!embed.footer?.text.includes('not every page read yet')) return;
  }
  throw new Error('the snapshot was not read whole in ten reports');
}

/** The member the directory knows as KNOWN_USER, in `bot`'s store. */
async function remember(bot: Bot, memberId: string): Promise<void> {
  await (bot.app.store() as Store).directory.remember(tokenHash(world.token), memberId, KNOWN_USER);
}

describe('single-community leave reminders', () => {
  const dataset = () => world.sandbox.datasetOf(world.token);

  it('posts one reminder per leave ending tomorrow in REMINDER_CHANNEL_ID, naming each member, pinging nobody, once', async () => {
    const [first] = busyDates(dataset());
    if (!first) throw new Error('the dataset has no leave ending');
    const expected = endingOn(dataset(), first);
    const [known] = [...expected.values()];
    if (!known) throw new Error('no leave ends on the busiest date');
    world.clock.now = dayBefore(first);
    const dataDir = world.dataDir();
    const bot = await startBot({ DATA_DIR: dataDir });
    expect(bot.app.reminders).toBeDefined();
    // No snapshot saved yet: nothing to remind of (and no request made for it).
    expect(await bot.app.reminders?.tick()).toBe(0);
    expect(postedIn(STAFF)).toHaveLength(0);

    await readSnapshot();
    await remember(bot, known.memberId);
    const requests = world.sandbox.requests.length;
    expect(await bot.app.reminders?.tick()).toBe(expected.size);
    expect(world.sandbox.requests.length).toBe(requests); // from the saved snapshot: no request
    const posted = postedIn(STAFF);
    expect(posted).toHaveLength(expected.size);
    const contents = posted.map((m) => m.content);
    for (const { memberId, end } of expected.values()) {
      const who = memberId === known.memberId ? `<@${KNOWN_USER}>` : `\`${memberId}\``;
      expect(contents).toContain(`🌴 ${REMINDER_TEXT.reminder(who, `<t:${end}:f> (<t:${end}:R>)`)}`);
    }
    for (const message of posted) {
      expect(message.mentions).toEqual([]);
      expect(allowedMentionsOf(message.content)).toEqual({ parse: [], users: [] });
    }
    expect(world.double.allowedMentionsViolations()).toEqual([]);
    expect(bot.logged('leave reminders posted')).toHaveLength(1);

    // Later that day, and after a restart on the same store: nothing again.
    world.clock.now += 6 * 3_600_000;
    expect(await bot.app.reminders?.tick()).toBe(0);
    await bot.app.stop(2_000);
    const again = await startBot({ DATA_DIR: dataDir });
    expect(await again.app.reminders?.tick()).toBe(0);
    expect(postedIn(STAFF)).toHaveLength(expected.size);
    await again.app.stop(2_000);
  });

  it('with REMINDER_PINGS=true only the member named is pinged; of two processes sharing the store one posts each', async () => {
    const second = busyDates(dataset())[1];
    if (!second) throw new Error('no second date');
    const expected = endingOn(dataset(), second);
    const [target] = [...expected.values()];
    if (!target) throw new Error('no leave ends on the second date');
    world.clock.now = dayBefore(second) - 86_400_000; // the day before: nothing due yet
    const env = { DATA_DIR: world.dataDir(), REMINDER_PINGS: 'true', CACHE_URL: 'redis://127.0.0.1:6379' };
    const one = await startBot(env);
    await readSnapshot(); // by one process (two answering one interaction would be two answers)
    await remember(one, target.memberId);
    const two = await startBot(env);
    const from = postedIn(STAFF).length;
    world.clock.now = dayBefore(second);
    const counts = await Promise.all([one.app.reminders?.tick(), two.app.reminders?.tick()]);
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(expected.size);
    const posted = postedIn(STAFF).slice(from);
    expect(posted).toHaveLength(expected.size);
    const pinging = posted.filter((m) => m.content.includes(`<@${KNOWN_USER}>`));
    expect(pinging.length).toBeGreaterThan(0);
    for (const message of posted) {
      const pings = message.content.includes(`<@${KNOWN_USER}>`) ? [KNOWN_USER] : [];
      expect(allowedMentionsOf(message.content)).toEqual({ parse: [], users: pings });
    }
    await Promise.all([one.app.stop(2_000), two.app.stop(2_000)]);
  });

  it('a channel the bot may not send in: nothing posted, one warn line however many rounds', async () => {
    const third = busyDates(dataset())[2];
    if (!third) throw new Error('no third date');
    world.clock.now = dayBefore(third);
    const bot = await startBot({ REMINDER_CHANNEL_ID: LOCKED });
    await readSnapshot();
    for (let i = 0; i < 3; i += 1) expect(await bot.app.reminders?.tick()).toBe(0);
    expect(postedIn(LOCKED)).toHaveLength(0);
    const warned = bot.logged(CANNOT);
    expect(warned).toHaveLength(1);
    expect(warned[0]?.level).toBe(40); // warn
    expect(warned[0]?.problem).toBe(REMINDER_TEXT.missing(LOCKED, ['Send Messages']));
    await bot.app.stop(2_000);
  });

  it('a channel of a server not in DISCORD_GUILD_ID: nothing posted, one error line naming the settings', async () => {
    const [first] = busyDates(dataset());
    world.clock.now = dayBefore(first ?? '');
    const bot = await startBot({ REMINDER_CHANNEL_ID: ELSEWHERE });
    await readSnapshot();
    expect(await bot.app.reminders?.tick()).toBe(0);
    expect(await bot.app.reminders?.tick()).toBe(0);
    expect(postedIn(ELSEWHERE)).toHaveLength(0);
    const logged = bot.logged(CANNOT);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe(50); // error
    expect(String(logged[0]?.problem)).toMatch(
      /^REMINDER_CHANNEL_ID is a channel of a server not in DISCORD_GUILD_ID; no leave reminder is posted/,
    );
    await bot.app.stop(2_000);
  });

  it('without REMINDER_CHANNEL_ID there is no reminder scheduler', async () => {
    const bot = await world.start({ DIGEST_CHANNEL_ID: '' });
    expect(bot.app.reminders).toBeUndefined();
    await bot.app.stop(2_000);
  });
});
