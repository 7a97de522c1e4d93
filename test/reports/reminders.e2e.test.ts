/**
 * Leave reminders end to end in hosted mode: the real bot, the Discord double and the sandbox API,
 * on a fake clock. An admin sets a reminder channel with /rollcall-admin reports; the day before
 * leave ends (in the server's time zone) the scheduler posts one message per leave there, naming
 * the member (a mention where the directory knows them, else the member id) and pinging nobody, and
 * never twice; with pings on only the member named is pinged; no API request is made for them; a
 * channel the bot may not send in is reported in the admins' settings view; turned off, nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { tokenHash } from '../../src/store/crypto.js';
import type { Store } from '../../src/store/index.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import type { World } from '../e2e/world.js';
import { type HostedWorld, lockedChannel, startHostedWorld } from './hosted-world.js';
import { busyDates as busyDatesOf, dayBefore, endingOn as endingOnOf } from './leave-ending.js';

const REMINDER_TEXT = ENGLISH.reminders;

const GUILD = '1300000000000000481';
const KNOWN_USER = '1300000000000000482';

let hosted: HostedWorld;
let world: World;
let clock = Date.now();
const dataset = generateDataset({
  now: () => clock,
  seed: 29,
  members: 40,
  loas: 150,
  shifts: 60,
  logs: 30,
  auditLogs: 30,
  activeShifts: 3,
});

/** Independently of the scheduler: the approved leave ending on `date` (UTC, the default zone), by LOA id. */
const endingOn = (date: string) => endingOnOf(dataset, date);

/** End dates with leave ending on them, most first. */
const busyDates = () => busyDatesOf(dataset);

beforeAll(async () => {
  hosted = await startHostedWorld({
    guildId: GUILD,
    sandbox: { dataset },
    now: () => clock,
    guild: {
      channels: [{ name: 'general' }, { name: 'leave-reminders' }, lockedChannel(GUILD, 'announcements')],
    },
    keyByte: 9,
  });
  ({ world } = hosted);
}, 60_000);

afterAll(async () => {
  await hosted?.close();
});

const adminReports = (options: Record<string, unknown>) => hosted.adminReports(options);

/** The channel messages posted since `from`, with the body each was sent with. */
function postedSince(from: number) {
  return world.double.channelMessages.slice(from);
}

function allowedMentionsOf(content: string) {
  const call = world.double.calls.find(
    (c) => c.method === 'POST' && (c.body as { content?: string } | undefined)?.content === content,
  );
  return (call?.body as { allowed_mentions?: unknown } | undefined)?.allowed_mentions;
}

describe('leave reminders', () => {
  const [first, second] = busyDates();
  if (!first || !second) throw new Error('the dataset has no leave ending');

  it('refuses pings without a channel with one sentence, saving nothing', async () => {
    expect(await adminReports({ 'reminder-pings': true })).toBe(REMINDER_TEXT.needsChannel);
    expect(await (world.app.store() as Store).reminders.get(GUILD)).toBeUndefined();
    expect(await adminReports({})).toContain(REMINDER_TEXT.state(undefined));
  });

  it('posts one reminder per leave ending tomorrow, naming each member, pinging nobody, once', async () => {
    // The report snapshot, read once by a moderator's report.
    const read = await world.double.slash(world.mod, 'loa', { subcommand: 'active', guildId: GUILD });
    expect((await read.response()).message?.embeds[0]?.title).toBe('On leave now');
    const channel = world.double.channel('leave-reminders');
    const set = await adminReports({ 'reminder-channel': 'leave-reminders' });
    expect(set).toContain(REMINDER_TEXT.state({ channelId: channel.id, pings: false }));

    const expected = endingOn(first);
    // One member the directory knows: named by a mention (that still pings nobody).
    const [known] = [...expected.values()];
    if (!known) throw new Error('no leave ends on the busiest date');
    await (world.app.store() as Store).directory.remember(
      tokenHash(world.sandbox.token),
      known.memberId,
      KNOWN_USER,
    );

    clock = dayBefore(first);
    const requests = world.sandbox.requests.length;
    const from = world.double.channelMessages.length;
    expect(await world.app.reminders?.tick()).toBe(expected.size);
    expect(world.sandbox.requests.length).toBe(requests); // from the saved snapshot: no request
    const posted = postedSince(from);
    expect(posted).toHaveLength(expected.size);
    for (const message of posted) {
      expect(message.channel_id).toBe(channel.id);
      expect(message.mentions).toEqual([]);
      expect(allowedMentionsOf(message.content)).toEqual({ parse: [], users: [] });
    }
    const contents = posted.map((m) => m.content);
    for (const { memberId, end } of expected.values()) {
      const who = memberId === known.memberId ? `<@${KNOWN_USER}>` : `\`${memberId}\``;
      expect(contents).toContain(`🌴 ${REMINDER_TEXT.reminder(who, `<t:${end}:f> (<t:${end}:R>)`)}`);
    }
    expect(world.double.allowedMentionsViolations()).toEqual([]);

    // Later that day: nothing again.
    clock += 6 * 3_600_000;
    expect(await world.app.reminders?.tick()).toBe(0);
    expect(postedSince(from)).toHaveLength(expected.size);
  });

  it('with pings on, a known member is pinged and nobody else; in the digest language chosen (German)', async () => {
    // The admin reads English (their client); the reminders are posted in the digest's language.
    expect(await adminReports({ 'reminder-pings': true, language: 'de' })).toContain('pinging the member');
    const expected = endingOn(second);
    const [target] = [...expected.values()];
    if (!target) throw new Error('no leave ends on the second date');
    await (world.app.store() as Store).directory.remember(
      tokenHash(world.sandbox.token),
      target.memberId,
      KNOWN_USER,
    );
    clock = dayBefore(second);
    const from = world.double.channelMessages.length;
    expect(await world.app.reminders?.tick()).toBe(expected.size);
    const pinging = postedSince(from).filter((m) => m.content.includes(`<@${KNOWN_USER}>`));
    expect(pinging.length).toBeGreaterThan(0);
    for (const message of postedSince(from))
      expect(message.content).toMatch(
        /^🌴 Abwesenheit endet morgen: .+ ist <t:\d+:f> \(<t:\d+:R>\) zurück\.$/,
      );
    for (const message of postedSince(from))
      expect(allowedMentionsOf(message.content)).toEqual({
        parse: [],
        users: message.content.includes(`<@${KNOWN_USER}>`) ? [KNOWN_USER] : [],
      });
  });

  it('a channel the bot may not send in: nothing posted, the settings view says why; off: nothing', async () => {
    const channel = world.double.channel('announcements');
    const saved = await (world.app.store() as Store).reminders.get(GUILD);
    // Chosen while the bot may not send there: refused in one sentence, nothing saved.
    expect(await adminReports({ 'reminder-channel': 'announcements' })).toBe(
      ENGLISH.sentences.cannotPostIn(channel.id, ['Send Messages']),
    );
    expect(await (world.app.store() as Store).reminders.get(GUILD)).toEqual(saved);
    // Chosen while it could, and locked since (Discord tells the bot: CHANNEL_UPDATE).
    const locked = channel.permission_overwrites ?? [];
    world.double.setChannelOverwrites(channel.id, []);
    expect(await adminReports({ 'reminder-channel': 'announcements' })).toContain(
      ENGLISH.sentences.settingsSaved,
    );
    world.double.setChannelOverwrites(channel.id, locked);
    await adminReports({}); // after the update, as Discord delivers events in order
    const third = busyDates()[2];
    if (!third) throw new Error('no third date');
    clock = dayBefore(third);
    const from = world.double.channelMessages.length;
    expect(await world.app.reminders?.tick()).toBe(0);
    expect(postedSince(from)).toHaveLength(0);
    expect(await adminReports({})).toContain(REMINDER_TEXT.missing(channel.id, ['Send Messages']));
    expect(await (world.app.store() as Store).reminders.get(GUILD)).toBeDefined();

    expect(await adminReports({ 'reminders-off': true })).toContain(REMINDER_TEXT.state(undefined));
    await adminReports({}); // nothing changes
    expect(await world.app.reminders?.tick()).toBe(0);
    expect(postedSince(from)).toHaveLength(0);
  });
});
