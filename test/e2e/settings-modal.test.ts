/**
 * The report settings form end to end in hosted mode (issue 40 item 3): the real bot between the
 * Discord double (which checks the modal as Discord does) and the sandbox API. /rollcall-admin reports
 * with no option opens the form holding the saved values; a submission saves what changed and says
 * so; a channel the bot cannot post in, a channel of another server, and a value the form does not
 * offer are refused in one sentence each, with nothing saved.
 */
import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/i18n/words.js';
import type { ModalFields } from '../doubles/discord/double.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { lockedChannel } from '../reports/hosted-world.js';
import { hostedServer } from './hosted-server.js';
import { formField } from './world.js';

const GUILD = '1300000000000000581';
const EN = wordsFor('en-US');

const hosted = hostedServer({
  guildId: GUILD,
  sandbox: {
    dataset: generateDataset({ seed: 31, members: 20, loas: 20, shifts: 20, logs: 5, auditLogs: 5 }),
  },
  guild: {
    channels: [{ name: 'general' }, { name: 'leave-reminders' }, lockedChannel(GUILD, 'announcements')],
  },
  extraGuilds: [{ name: 'Elsewhere', channels: [{ name: 'elsewhere-general' }] }],
  keyByte: 11,
});

const store = () => hosted.store();

const form = () => hosted.form('reports');
const openForm = () => form().open();
const submit = (fields: ModalFields, forged = false) => form().submit(fields, forged);

describe('the report settings form', () => {
  it('opens with the saved values, saves what changed and says what changed', async () => {
    const reminders = hosted.world.double.channel('leave-reminders', GUILD);
    const modal = await openForm();
    expect(modal.components).toHaveLength(5);
    expect(modal.components.every((c) => c.type === ComponentType.Label)).toBe(true);
    const week = formField(modal, 'week-start') as { options: Array<{ value: string; default?: boolean }> };
    expect(week.options.find((o) => o.default)?.value).toBe('monday');
    expect(formField(modal, 'reminder-channel')?.default_values).toBeUndefined();

    const answer = await submit({
      'reminder-channel': [reminders.id],
      'week-start': 'sunday',
      switches: ['reminders', 'charts'],
    });
    expect(answer.split('\n')[0]).toBe(
      EN.admin.form.changed(`${EN.admin.form.item.reminders}, ${EN.admin.form.item.weekStart}`),
    );
    expect(await store().reminders.get(GUILD)).toMatchObject({ channelId: reminders.id, pings: false });

    const again = await openForm();
    expect(formField(again, 'reminder-channel')?.default_values).toEqual([
      { id: reminders.id, type: 'channel' },
    ]);
    const weekAgain = formField(again, 'week-start') as {
      options: Array<{ value: string; default?: boolean }>;
    };
    expect(weekAgain.options.find((o) => o.default)?.value).toBe('sunday');
    // Submitted untouched: nothing changes, the settings are shown.
    expect((await submit({})).split('\n')[0]).toBe(EN.admin.form.nothingChanged);
  }, 60_000);

  it('refuses a channel the bot cannot post in, saving nothing', async () => {
    const locked = hosted.world.double.channel('announcements', GUILD);
    const before = await store().reminders.get(GUILD);
    await openForm();
    expect(await submit({ 'reminder-channel': [locked.id], 'week-start': 'friday' })).toBe(
      EN.sentences.cannotPostIn(locked.id, ['Send Messages']),
    );
    expect(await store().reminders.get(GUILD)).toEqual(before);
  }, 60_000);

  it('refuses a channel of another server and a forged value, saving nothing', async () => {
    const elsewhere = hosted.world.double.guilds.find((g) => g.id !== GUILD)!.channels[0]!;
    const before = await store().reminders.get(GUILD);
    await openForm();
    expect(await submit({ 'reminder-channel': [elsewhere.id], 'week-start': 'friday' }, true)).toBe(
      EN.sentences.formNotThisServer,
    );
    expect(await submit({ 'week-start': 'someday' }, true)).toBe(EN.sentences.formForged);
    expect(await submit({ 'digest-channel': ['1300000000000000999'] }, true)).toBe(EN.sentences.formForged);
    expect(await store().reminders.get(GUILD)).toEqual(before);
    const settings = await hosted.adminReports({});
    expect(settings).not.toContain('Friday');
  }, 60_000);
});
