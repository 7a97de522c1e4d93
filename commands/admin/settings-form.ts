/**
 * The server settings form: /rollcall-admin settings with no option opens a modal holding the saved
 * values: the community access roles (a multi-select of the community's roles from the saved roles
 * list, the saved ones chosen; a text of names or ids when the list cannot be read or holds more than
 * a select offers), the Discord roles with access (a role select), the answers' default visibility
 * and the API limits (text). Its submission becomes the slash options that differ from what is
 * saved, checked and saved by the same code as those options (`serverSettings`, all or nothing); a
 * role Discord did not resolve, a value the form does not offer (@everyone among them), a role
 * deleted since or one not of this server is refused in one sentence, with nothing saved.
 */
import {
  LabelBuilder,
  ModalBuilder,
  type ModalSubmitInteraction,
  RadioGroupBuilder,
  RoleSelectMenuBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import type { ModalAnswer, ServerControl } from '../../src/discord/command.js';
import { say, type Text, textPayload, UserError } from '../../src/discord/replies.js';
import type { Words } from '../../src/i18n/words.js';
import { plainText } from '../../src/render/format.js';
import { ADMIN_IDS, type Links, MAX_ACCESS_ROLES, rolesOrRefusal, type ServerSettings } from './command.js';
import { type SettingsChange, serverSettings } from './settings.js';

/** The form's fields, by custom_id (the slash options they stand for). */
const FIELD = {
  accessRoles: 'access-roles',
  discordRoles: 'discord-roles',
  visibility: 'visibility',
  limits: 'limits',
} as const;

const VISIBILITIES = ['private', 'public'] as const;

/** A string select offers at most 25 options. */
const MAX_OPTIONS = 25;

/** The limits' text as the slash option takes it. */
const MAX_LIMITS_LENGTH = 200;

/** Room for 25 role ids or names, comma-separated. */
const MAX_ROLES_TEXT = 2000;

/**
 * What the community roles field offers: the roles of the saved list, then the saved access roles
 * it no longer holds (so that keeping them is the admin's choice); undefined when the list cannot be
 * read or there are more than a select offers (the field is then a text of names or ids).
 */
async function accessChoices(guildId: string, links: Links, saved: readonly string[]) {
  const read = await rolesOrRefusal(() => links.roles(guildId));
  const roles = read instanceof UserError ? undefined : read.roles;
  if (!roles) return { roles, choices: undefined };
  const stale = saved.filter((id) => !roles.some((r) => r.id === id));
  const choices = [
    ...roles.map((r) => ({ id: r.id, name: r.name as string | undefined })),
    ...stale.map((id) => ({ id, name: undefined })),
  ];
  return { roles, choices: choices.length > 0 && choices.length <= MAX_OPTIONS ? choices : undefined };
}

/** The saved community access roles as the text field shows them: names (ids where a name would not read back). */
function rolesText(saved: readonly string[], roles: ReadonlyArray<{ id: string; name: string }> | undefined) {
  return saved
    .map((id) => {
      const name = roles?.find((r) => r.id === id)?.name;
      const unique =
        name &&
        !name.includes(',') &&
        roles?.filter((r) => r.name.toLowerCase() === name.toLowerCase()).length === 1;
      return unique ? name : id;
    })
    .join(', ');
}

/** The Discord roles saved that the server still has (a select cannot show a role that is gone). */
function savedDiscordRoles(settings: ServerSettings, serverRoles: ReadonlyArray<{ id: string }>) {
  return settings.accessDiscordRoleIds.filter((id) => serverRoles.some((r) => r.id === id));
}

function accessLabel(settings: ServerSettings, offered: Awaited<ReturnType<typeof accessChoices>>, t: Words) {
  const words = t.admin.form;
  const label = new LabelBuilder().setLabel(words.accessRoles);
  if (!offered.choices) {
    const input = new TextInputBuilder()
      .setCustomId(FIELD.accessRoles)
      .setStyle(TextInputStyle.Paragraph)
      .setRequired(false)
      .setMaxLength(MAX_ROLES_TEXT);
    const text = rolesText(settings.accessRoleIds, offered.roles);
    if (text) input.setValue(text);
    return label.setDescription(words.accessRolesTyped).setTextInputComponent(input);
  }
  const select = new StringSelectMenuBuilder()
    .setCustomId(FIELD.accessRoles)
    .setMinValues(0)
    .setMaxValues(Math.min(offered.choices.length, MAX_ACCESS_ROLES))
    .setRequired(false)
    .setOptions(
      offered.choices.map((c) => ({
        value: c.id,
        label: plainText(c.name ?? words.staleRole(c.id), 100) || c.id,
        default: settings.accessRoleIds.includes(c.id),
      })),
    );
  return label.setDescription(words.accessRolesHint).setStringSelectMenuComponent(select);
}

/** The form with the settings now saved. */
export async function settingsForm(
  guildId: string,
  links: Links,
  serverRoles: ReadonlyArray<{ id: string }>,
  t: Words,
): Promise<ModalAnswer> {
  const settings = await links.settings(guildId);
  const offered = await accessChoices(guildId, links, settings.accessRoleIds);
  const words = t.admin.form;
  const discord = new RoleSelectMenuBuilder()
    .setCustomId(FIELD.discordRoles)
    .setMinValues(0)
    .setMaxValues(MAX_ACCESS_ROLES)
    .setRequired(false);
  const savedDiscord = savedDiscordRoles(settings, serverRoles);
  if (savedDiscord.length > 0) discord.setDefaultRoles(savedDiscord);
  const visibility = new RadioGroupBuilder().setCustomId(FIELD.visibility).setOptions(
    VISIBILITIES.map((value) => ({
      value,
      label: words[value],
      default: value === settings.defaultVisibility,
    })),
  );
  const limits = new TextInputBuilder()
    .setCustomId(FIELD.limits)
    .setStyle(TextInputStyle.Short)
    .setRequired(false)
    .setMaxLength(MAX_LIMITS_LENGTH);
  if (settings.apiLimits) limits.setValue(settings.apiLimits);
  const modal = new ModalBuilder()
    .setCustomId(ADMIN_IDS.settingsForm)
    .setTitle(words.settingsTitle)
    .addLabelComponents(
      accessLabel(settings, offered, t),
      new LabelBuilder()
        .setLabel(words.discordRoles)
        .setDescription(words.discordRolesHint)
        .setRoleSelectMenuComponent(discord),
      new LabelBuilder().setLabel(words.visibility).setRadioGroupComponent(visibility),
      new LabelBuilder()
        .setLabel(words.limits)
        .setDescription(words.limitsHint)
        .setTextInputComponent(limits),
    );
  return { modal: modal.toJSON() };
}

/** A field's chosen values (a select's, a group's), or undefined when it was sent as text. */
function valuesOf(interaction: ModalSubmitInteraction, customId: string): string[] | undefined {
  const field = interaction.fields.getField(customId);
  if ('values' in field && Array.isArray(field.values)) return field.values as string[];
  return undefined;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The community roles as the slash option would say them, or null when the form leaves them as saved. */
async function accessChange(
  interaction: ModalSubmitInteraction,
  guildId: string,
  links: Links,
  saved: readonly string[],
): Promise<string | null> {
  const offered = await accessChoices(guildId, links, saved);
  const picked = valuesOf(interaction, FIELD.accessRoles);
  if (picked === undefined) {
    // The text field: what the admin typed, checked as the slash option's text is.
    const text = interaction.fields.getTextInputValue(FIELD.accessRoles).trim();
    if (text === rolesText(saved, offered.roles)) return null;
    return text === '' ? 'none' : text;
  }
  const choices = offered.choices ?? [];
  if (picked.length > MAX_ACCESS_ROLES || picked.some((id) => !choices.some((c) => c.id === id)))
    throw new UserError(say.formForged);
  if (sameSet(picked, saved)) return null;
  return picked.length === 0 ? 'none' : picked.join(',');
}

/** The Discord roles as the slash option would say them (ids), or null when left as saved. */
function discordChange(interaction: ModalSubmitInteraction, settings: ServerSettings): string | null {
  const picked = valuesOf(interaction, FIELD.discordRoles) ?? [];
  const resolved = interaction.fields.getSelectedRoles(FIELD.discordRoles);
  // A role Discord did not resolve was not picked in the form, nor was @everyone (the server's own
  // id: a role of this server, but one the select does not offer).
  const offered = (id: string) => resolved?.has(id) === true && id !== interaction.guildId;
  if (picked.length > MAX_ACCESS_ROLES || !picked.every(offered)) throw new UserError(say.formForged);
  const serverRoles = [...(interaction.guild?.roles.cache.values() ?? [])];
  if (sameSet(picked, savedDiscordRoles(settings, serverRoles))) return null;
  return picked.length === 0 ? 'none' : picked.join(',');
}

/** What a settings form's submission may change (the answer's names for them). */
export type FormItem = keyof Words['admin']['form']['item'];

/**
 * A form's answer (the settings form's and the report settings form's): "Changed: …" naming what
 * changed, or "Nothing changed", then the settings as the slash command shows them.
 */
export function formAnswer(changed: readonly FormItem[], state: Text): Text {
  return (t) => {
    const words = t.admin.form;
    const first =
      changed.length > 0
        ? words.changed(changed.map((item) => words.item[item]).join(', '))
        : words.nothingChanged;
    return `${first}\n${state(t)}`;
  };
}

/** The slash options the submission amounts to (only what differs from the saved settings), and what they change. */
async function asChange(interaction: ModalSubmitInteraction, guildId: string, links: Links) {
  const settings = await links.settings(guildId);
  const visibility = interaction.fields.getRadioGroup(FIELD.visibility);
  if (visibility === null || !(VISIBILITIES as readonly string[]).includes(visibility))
    throw new UserError(say.formForged);
  const limits = interaction.fields.getTextInputValue(FIELD.limits).trim();
  const change: SettingsChange = {
    visibility:
      visibility === settings.defaultVisibility ? null : (visibility as SettingsChange['visibility']),
    rolesText: await accessChange(interaction, guildId, links, settings.accessRoleIds),
    limitsText: limits === (settings.apiLimits ?? '') ? null : limits || 'default',
    discordText: discordChange(interaction, settings),
  };
  const changed: FormItem[] = [];
  if (change.rolesText !== null) changed.push('accessRoles');
  if (change.discordText !== null) changed.push('discordRoles');
  if (change.visibility !== null) changed.push('visibility');
  if (change.limitsText !== null) changed.push('limits');
  return { change, changed };
}

/** The form's submission: checked, saved as the slash options are, answered with what changed. */
export function settingsFormSubmit(links: Links): ServerControl {
  return {
    on: 'modal',
    async execute({ interaction, guildId }) {
      const { change, changed } = await asChange(interaction, guildId, links);
      const state = await serverSettings(change, interaction, guildId, links);
      return textPayload(formAnswer(changed, state));
    },
  };
}
