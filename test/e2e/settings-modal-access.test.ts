/**
 * The server settings form end to end in hosted mode (issue 40 item 3): the real bot between the
 * Discord double (which checks the modal as Discord does) and the sandbox API. /rollcall-admin
 * settings with no option opens the form holding the saved values; a submission saves what changed
 * through the slash options' code and says so; a community role deleted since, a forged role, a role
 * Discord did not resolve and bad limits are refused in one sentence each, with nothing saved.
 */
import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/i18n/words.js';
import type { ModalFields } from '../doubles/discord/double.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { hostedServer } from './hosted-server.js';
import { formField } from './world.js';

const GUILD = '1300000000000000582';
const EN = wordsFor('en-US');

const hosted = hostedServer({
  guildId: GUILD,
  sandbox: { dataset: generateDataset({ seed: 32, members: 10, loas: 5, shifts: 5, logs: 5, auditLogs: 5 }) },
  guild: {},
  extraGuilds: [{ name: 'Elsewhere' }],
  keyByte: 12,
});
type Role = { id: string; name: string };
const communityRoles = () =>
  hosted.world.sandbox.datasetOf(hosted.world.sandbox.token).roles as unknown as Role[];

const saved = () => hosted.store().getSettings(GUILD);

const form = () => hosted.form('settings');
const openForm = () => form().open();
const submit = (fields: ModalFields, forged = false) => form().submit(fields, forged);

type Field = {
  type: number;
  options?: Array<{ value: string; default?: boolean }>;
  default_values?: unknown;
  value?: string;
};
const field = (modal: { components: unknown[] }, customId: string) =>
  formField(modal, customId) as Field | undefined;
const chosen = (f: Field | undefined) => (f?.options ?? []).filter((o) => o.default).map((o) => o.value);

describe('the server settings form', () => {
  it('opens with the saved values, saves what changed and says what changed', async () => {
    const [first, second] = communityRoles();
    const moderator = hosted.world.double.role('Moderator', GUILD);
    const modal = await openForm();
    expect(modal.components).toHaveLength(4);
    expect(modal.components.every((c) => c.type === ComponentType.Label)).toBe(true);
    const access = field(modal, 'access-roles');
    expect(access?.type).toBe(ComponentType.StringSelect);
    expect(access?.options?.map((o) => o.value)).toContain(first!.id);
    expect(chosen(access)).toEqual([]);
    expect(chosen(field(modal, 'visibility'))).toEqual(['private']);

    const answer = await submit({
      'access-roles': [first!.id, second!.id],
      'discord-roles': [moderator.id],
      visibility: 'public',
      limits: '100/month,30/1m',
    });
    expect(answer.split('\n')[0]).toBe(
      EN.admin.form.changed(
        [
          EN.admin.form.item.accessRoles,
          EN.admin.form.item.discordRoles,
          EN.admin.form.item.visibility,
          EN.admin.form.item.limits,
        ].join(', '),
      ),
    );
    expect(await saved()).toMatchObject({
      accessRoleIds: [first!.id, second!.id],
      accessDiscordRoleIds: [moderator.id],
      defaultVisibility: 'public',
      apiLimits: '100/month,30/1m',
    });

    const again = await openForm();
    expect(chosen(field(again, 'access-roles')).sort()).toEqual([first!.id, second!.id].sort());
    expect(field(again, 'discord-roles')?.default_values).toEqual([{ id: moderator.id, type: 'role' }]);
    expect(chosen(field(again, 'visibility'))).toEqual(['public']);
    expect(field(again, 'limits')?.value).toBe('100/month,30/1m');
    // Submitted untouched: nothing changes, the settings are shown.
    const untouched = await submit({});
    expect(untouched.split('\n')[0]).toBe(EN.admin.form.nothingChanged);
    expect(untouched).not.toContain(EN.sentences.settingsSaved);

    // One role taken out, the limits emptied: only those change, through the slash options' code.
    expect((await submit({ 'access-roles': [second!.id], limits: '' })).split('\n')[0]).toBe(
      EN.admin.form.changed(`${EN.admin.form.item.accessRoles}, ${EN.admin.form.item.limits}`),
    );
    expect(await saved()).toMatchObject({ accessRoleIds: [second!.id], defaultVisibility: 'public' });
    expect((await saved()).apiLimits).toBeUndefined();
    // show:True still shows the settings as text.
    const shown = await (
      await hosted.world.double.slash(hosted.admin, 'rollcall-admin', {
        subcommand: 'settings',
        guildId: GUILD,
        options: { show: true } as never,
      })
    ).response();
    expect(shown.kind).not.toBe('modal');
    expect(shown.message?.content).toContain(second!.name);
  }, 60_000);

  it('refuses a forged role, a role Discord did not resolve and bad limits, saving nothing', async () => {
    const before = await saved();
    await openForm();
    expect(await submit({ 'access-roles': ['1300000000000000999'] }, true)).toBe(EN.sentences.formForged);
    expect(await submit({ 'discord-roles': ['1300000000000000998'] }, true)).toBe(EN.sentences.formForged);
    // @everyone (the server's own id as a role): a role of this server, but not one the select
    // offers (nobody holds access by it): refused as a value the form does not offer.
    expect(await submit({ 'discord-roles': [GUILD] }, true)).toBe(EN.sentences.formForged);
    // A role of another server gets the same sentence.
    const elsewhere = hosted.world.double.guilds.find((g) => g.id !== GUILD)?.id;
    const theirs = hosted.world.double.role('Moderator', elsewhere).id;
    expect(await submit({ 'discord-roles': [theirs] }, true)).toBe(EN.sentences.formForged);
    expect(await submit({ visibility: 'everyone' }, true)).toBe(EN.sentences.formForged);
    const bad = await submit({ visibility: 'private', limits: 'lots' });
    expect(bad.split('\n')).toHaveLength(1);
    expect(bad).not.toContain(EN.admin.form.nothingChanged);
    expect(await saved()).toEqual(before);
  }, 60_000);

  it("refuses the bot's managed role picked in the role select (Discord offers it), saving nothing", async () => {
    const before = await saved();
    const botRole = hosted.world.double.role(hosted.world.double.guild(GUILD).botRoleId, GUILD);
    const moderator = hosted.world.double.role('Moderator', GUILD);
    await openForm();
    // Not forged: the select offers every role of the server but @everyone.
    const answer = await submit({ 'discord-roles': [moderator.id, botRole.id] });
    expect(answer).toBe(EN.sentences.botDiscordRoles([botRole.name]));
    expect(await saved()).toEqual(before);
  }, 60_000);

  it('refuses a community role deleted since the form opened, saving nothing', async () => {
    const before = await saved();
    const roles = communityRoles();
    const gone = roles.find((r) => !before.accessRoleIds.includes(r.id))!;
    await openForm();
    roles.splice(roles.indexOf(gone), 1);
    const answer = await submit({
      'access-roles': [...before.accessRoleIds, gone.id],
      visibility: 'private',
    });
    expect(answer).toContain(gone.id);
    expect(answer.split('\n')).toHaveLength(1);
    expect(await saved()).toEqual(before);
  }, 60_000);
});

describe('the server settings form for a community with more roles than a select offers', () => {
  const GUILD_MANY = '1300000000000000583';
  const many = hostedServer({
    guildId: GUILD_MANY,
    sandbox: {
      dataset: generateDataset({
        seed: 33,
        members: 5,
        roles: 30,
        loas: 2,
        shifts: 2,
        logs: 2,
        auditLogs: 2,
      }),
    },
    guild: {},
    keyByte: 13,
  });

  it('takes the community roles as names or ids, shows them back by name, and refuses an unknown one', async () => {
    const { world } = many;
    const roles = world.sandbox.datasetOf(world.sandbox.token).roles as unknown as Role[];
    const manyForm = many.form('settings');
    const open = () => manyForm.open();
    const send = (fields: Record<string, string>) => manyForm.submit(fields);
    const store = () => many.store().getSettings(GUILD_MANY);
    expect(field(await open(), 'access-roles')?.type).toBe(ComponentType.TextInput);
    const [a, b] = roles;
    expect((await send({ 'access-roles': `${a!.name}, ${b!.id}` })).split('\n')[0]).toBe(
      EN.admin.form.changed(EN.admin.form.item.accessRoles),
    );
    expect((await store()).accessRoleIds).toEqual([a!.id, b!.id]);
    const shown = field(await open(), 'access-roles')?.value ?? '';
    expect(shown.split(', ').sort()).toEqual(
      [a!, b!]
        .map((r) =>
          roles.filter((x) => x.name.toLowerCase() === r.name.toLowerCase()).length === 1 ? r.name : r.id,
        )
        .sort(),
    );
    expect((await send({})).split('\n')[0]).toBe(EN.admin.form.nothingChanged);
    expect(await send({ 'access-roles': 'No Such Role' })).toBe(EN.sentences.unknownRoles(['No Such Role']));
    expect((await store()).accessRoleIds).toEqual([a!.id, b!.id]);
  }, 60_000);
});
