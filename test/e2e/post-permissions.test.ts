/**
 * What a post needs of the bot in its channel (src/base/permissions.ts), end to end in hosted mode:
 * the real bot between the Discord double (which refuses a file without Attach Files and drops or
 * refuses embeds without Embed Links, as Discord does) and the sandbox API. The report settings'
 * form and slash options refuse a digest channel lacking Embed Links, or Attach Files while charts
 * are on, in one sentence naming the permission, with nothing saved; charts off, Attach Files is not
 * needed, and turning charts on over such a channel is refused. A leave reminder is text: Embed
 * Links is not asked of its channel. A digest whose channel lost Attach Files after it was saved is
 * still posted, its text without the chart, with one warn line.
 */
import { type APIOverwrite, PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { configureCharts } from '../../src/render/charts/index.js';
import { UNHURRIED } from '../charts/fixtures.js';
import type { ChannelSpec } from '../doubles/discord/world.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { hostedServer } from './hosted-server.js';

configureCharts(UNHURRIED);

const GUILD = '1300000000000000591';

/** Overwrites denying @everyone (and so the bot) `bits` in a channel. */
const denying = (bits: bigint): APIOverwrite[] => [{ id: GUILD, type: 0, allow: '0', deny: bits.toString() }];
const channel = (name: string, deny?: bigint): ChannelSpec =>
  deny === undefined ? { name } : { name, permissionOverwrites: denying(deny) };

const hosted = hostedServer({
  guildId: GUILD,
  sandbox: {
    dataset: generateDataset({ seed: 59, members: 20, loas: 20, shifts: 60, logs: 5, auditLogs: 5 }),
  },
  guild: {
    channels: [
      channel('general'),
      channel('staff'),
      channel('no-files', PermissionFlagsBits.AttachFiles),
      channel('no-embeds', PermissionFlagsBits.EmbedLinks),
    ],
  },
  keyByte: 12,
});

const store = () => hosted.store();
const id = (name: string) => hosted.world.double.channel(name, GUILD).id;
const reports = (options: Record<string, unknown>) => hosted.adminReports(options);
const form = () => hosted.form('reports');
const savedDigestChannel = async () => (await store().digests.get(GUILD))?.settings;
const chartsSaved = async () =>
  ((await store().snapshots.reportSettings(GUILD)) as { charts?: boolean } | undefined)?.charts;

describe('a channel the bot cannot fully post in', () => {
  it('the slash options refuse a digest channel lacking Attach Files (charts on) or Embed Links, saving nothing', async () => {
    expect(await reports({ digest: 'weekly', 'digest-channel': 'no-files', 'digest-hour': 9 })).toBe(
      MESSAGES.chartCannotPost(id('no-files'), ['Attach Files']),
    );
    expect(await reports({ digest: 'weekly', 'digest-channel': 'no-embeds', 'digest-hour': 9 })).toBe(
      MESSAGES.cannotPostIn(id('no-embeds'), ['Embed Links']),
    );
    expect(await store().digests.get(GUILD)).toBeUndefined();
    // A leave reminder is text: its channel need not embed.
    expect(await reports({ 'reminder-channel': 'no-embeds' })).toContain(MESSAGES.settingsSaved);
    expect(await store().reminders.get(GUILD)).toMatchObject({ channelId: id('no-embeds') });
  }, 60_000);

  it('charts off, Attach Files is not needed; turning charts on over that channel is refused', async () => {
    const set = await reports({
      digest: 'weekly',
      'digest-channel': 'no-files',
      'digest-hour': 9,
      charts: false,
    });
    expect(set).toContain(MESSAGES.settingsSaved);
    expect((await savedDigestChannel()) as { channelId?: string }).toMatchObject({
      channelId: id('no-files'),
    });
    expect(await reports({ charts: true })).toBe(MESSAGES.chartCannotPost(id('no-files'), ['Attach Files']));
    expect(await chartsSaved()).toBe(false);
  }, 60_000);

  it('the form refuses a digest channel lacking Attach Files (charts on) or Embed Links, saving nothing', async () => {
    const before = await store().digests.get(GUILD);
    await form().open();
    // Charts ticked over the saved digest channel, which takes no files.
    expect(await form().submit({ switches: ['reminders', 'charts'] })).toBe(
      MESSAGES.chartCannotPost(id('no-files'), ['Attach Files']),
    );
    expect(await form().submit({ 'digest-channel': [id('no-embeds')] })).toBe(
      MESSAGES.cannotPostIn(id('no-embeds'), ['Embed Links']),
    );
    expect(await store().digests.get(GUILD)).toEqual(before);
    expect(await chartsSaved()).toBe(false);
    // A channel that takes the digest and its chart: saved, charts on.
    await form().submit({ 'digest-channel': [id('staff')], switches: ['reminders', 'charts'] });
    expect((await savedDigestChannel()) as { channelId?: string }).toMatchObject({ channelId: id('staff') });
    expect(await chartsSaved()).toBeUndefined();
  }, 60_000);

  it('a digest whose channel lost Attach Files after it was saved is posted without its chart, with one warn line', async () => {
    const { world } = hosted;
    world.double.setChannelOverwrites(id('staff'), denying(PermissionFlagsBits.AttachFiles), GUILD);
    await reports({}); // after the update, as Discord delivers events in order
    await hosted.digestDueAgain();
    const from = world.double.channelMessages.length;
    const logsFrom = world.logLines.length;
    expect(await world.app.digests?.tick()).toBe(1);
    const posted = world.double.channelMessages.slice(from);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted[0]?.embeds[0]?.title).toMatch(/^Time on duty/);
    expect(posted.flatMap((m) => m.attachments)).toEqual([]);
    expect((posted[0]?.embeds[0] as { image?: unknown } | undefined)?.image).toBeUndefined();
    // Discord refused the message with the chart once (403, 50013); the digest was sent again without.
    const refused = world.double.calls.filter(
      (c) => c.path === `/channels/${id('staff')}/messages` && c.status === 403,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.files.length).toBe(1);
    const warned = world.logLines.slice(logsFrom).filter((line) => line.includes('without its chart'));
    expect(warned).toHaveLength(1);
    expect(JSON.parse(warned[0] ?? '{}')).toMatchObject({ level: 40, missing: ['Attach Files'] });
  }, 60_000);
});
