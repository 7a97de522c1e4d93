/**
 * /rollcall-admin settings: default visibility, access roles (community roles; Discord roles of
 * the server), both picked by name with autocomplete (the pick's value is the role id), API limits.
 * No option opens the settings form (settings-form.ts), `show` shows the settings now saved.
 */

import {
  type APIApplicationCommandOptionChoice,
  ApplicationCommandOptionType,
  type Interaction,
} from 'discord.js';
import { rolesRetryAt } from '../../src/api/roles.js';
import { SNOWFLAKE } from '../../src/base/discord-limits.js';
import { ADMIN_SETTING_NAMES, linkOf, nobodySpendable, serverRolesOf } from '../../src/discord/access.js';
import { argumentsOf, defineCommand, type ServerCommand } from '../../src/discord/command.js';
import { say, type Text, textPayload, UserError } from '../../src/discord/replies.js';
import type { Words } from '../../src/i18n/words.js';
import { type AccessRolesRead, accessRoleLines, rolesReadLine } from '../../src/render/access.js';
import { plainText, roleMention, safeLine } from '../../src/render/format.js';
import {
  ADMIN_BASE,
  ADMIN_ROUTE,
  type CommunityRoles,
  type Links,
  MAX_ACCESS_ROLES,
  rolesOrRefusal,
  type ServerSettings,
} from './command.js';

export const settingsDefinition = defineCommand({
  ...ADMIN_BASE,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'settings',
      description: "Show or change this server's settings (give no option to see them)",
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'visibility',
          description: 'Whether answers are private or posted for everyone by default',
          required: false,
          choices: [
            { name: 'private', value: 'private' },
            { name: 'public', value: 'public' },
          ],
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'access-roles',
          description:
            'Community roles (names or ids, comma-separated) whose holders may use Rollcall; none: anyone',
          required: false,
          max_length: 500,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'limits',
          description: "The community plan's API limits, like 100/month,30/1m; default: the bot's",
          required: false,
          max_length: 200,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'discord-roles',
          description:
            "This server's roles (pick by name, comma-separated) whose holders may use Rollcall; none",
          required: false,
          max_length: 500,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'show',
          description: 'True shows the settings as text instead of opening the settings form',
          required: false,
        },
      ],
    },
  ],
});

interface NamedRole {
  id: string;
  name: string;
}

export function createSettingsCommand(links: Links): ServerCommand {
  return {
    ...ADMIN_ROUTE,
    data: settingsDefinition,
    async execute({ interaction, guildId }) {
      const args = argumentsOf(interaction, settingsDefinition);
      const given = (name: 'access-roles' | 'limits' | 'discord-roles') => args.string(name)?.trim() ?? null;
      return textPayload(
        await serverSettings(
          {
            visibility: args.string('visibility') as ServerSettings['defaultVisibility'] | null,
            rolesText: given('access-roles'),
            limitsText: given('limits'),
            discordText: given('discord-roles'),
          },
          interaction,
          guildId,
          links,
        ),
      );
    },
    /**
     * Choices for the role options: the roles whose name holds what is typed after the last comma,
     * each choice keeping what came before it (value: role ids, so a pick is exact). `access-roles`
     * offers the community's roles (one cached API read), `discord-roles` this server's own Discord
     * roles (from the gateway's cache, no request).
     */
    async autocomplete({ interaction, guildId, t }) {
      const focused = interaction.options.getFocused(true);
      const roles =
        focused.name === 'discord-roles'
          ? discordRolesOf(interaction)
          : focused.name === 'access-roles'
            ? await links.roles(guildId).then(
                (read) => read.roles,
                () => [],
              )
            : [];
      return roleChoices(String(focused.value), roles, t);
    },
  };
}

/** What one /rollcall-admin settings changes (null: left as it is), as its options or its form give it. */
export interface SettingsChange {
  visibility: ServerSettings['defaultVisibility'] | null;
  /** Community roles by name or id, comma-separated; `none`: no role. */
  rolesText: string | null;
  /** API limits; `default`: the bot's. */
  limitsText: string | null;
  /** This server's roles by name or id, comma-separated; `none`: no role. */
  discordText: string | null;
}

/**
 * Check and save what `input` changes (all of it or, on a refusal, nothing), and say the settings as
 * they now are, with which access roles are checked free: the slash options' and the form's one path.
 */
export async function serverSettings(
  input: SettingsChange,
  interaction: Interaction,
  guildId: string,
  links: Links,
): Promise<Text> {
  const { visibility, rolesText, limitsText, discordText } = input;
  const change: Partial<ServerSettings> = {};
  if (visibility) change.defaultVisibility = visibility;
  if (limitsText) change.apiLimits = limitsText.toLowerCase() === 'default' ? undefined : limitsText;
  // The one roles reader, read again now (as a link check: no wait for the pace): a link or a
  // role added since counts from this answer on, for the guard too (one saved list).
  const read =
    rolesText || !visibility
      ? await rolesOrRefusal(() => links.roles(guildId, { refresh: 'now' }))
      : undefined;
  const community = read instanceof UserError ? undefined : read;
  // A server not linked is told so (not that the API is not answering).
  if (rolesText)
    change.accessRoleIds = communityRoleIds(
      rolesText,
      community?.roles ?? (read as UserError | undefined) ?? new UserError(say.unavailable),
      discordRolesOf(interaction),
    );
  if (discordText) change.accessDiscordRoleIds = discordRoleIds(discordText, serverRoleList(interaction));
  if (Object.keys(change).length > 0) await links.saveSettings(guildId, change);
  const now = await links.settings(guildId);
  // A change of visibility alone reads no list now; with access roles set, their names and checks
  // come from the list as saved (or read as the pace allows), never from a list nobody read.
  const listed =
    read ?? (now.accessRoleIds.length > 0 ? await rolesOrRefusal(() => links.roles(guildId)) : undefined);
  const shown = listed instanceof UserError ? undefined : listed;
  const roles = shown?.roles;
  const nameOf = (id: string) => safeLine(roles?.find((r) => r.id === id)?.name ?? id, 100);
  const saved = Object.keys(change).length > 0;
  const checks =
    now.accessRoleIds.length > 0 ? accessChecks(interaction, guildId, now, shown, listed) : undefined;
  // In the admin's words; role names and limits as they are.
  return (t) =>
    [
      ...(saved ? [t.sentences.settingsSaved] : []),
      t.sentences.settingsState({
        visibility: now.defaultVisibility,
        accessRoles: now.accessRoleIds.map(nameOf),
        requireMember: links.requireMember,
        limits: now.apiLimits,
        discordRoles: now.accessDiscordRoleIds.map(roleMention),
      }),
      ...(checks ? [checks(t)] : []),
    ].join('\n');
}

/**
 * Which access roles are checked for free (linked to a Discord role of this server) and which cost a
 * member lookup; when the community links no role to a Discord role of this server, that nobody new
 * passes until one is (the spending rule); when some cost a lookup, the tip to link them (they cost API reads, from a small share of the
 * month); when the roles list was read and will be read again, or why it could not be (and when it
 * is tried again).
 */
function accessChecks(
  interaction: Interaction,
  guildId: string,
  settings: ServerSettings,
  community: CommunityRoles | undefined,
  failed: unknown,
): Text {
  const serverRoles = serverRolesOf(interaction) ?? new Set<string>();
  const list = community?.list;
  const links = settings.accessRoleIds.map((id) =>
    community && list
      ? linkOf(
          id,
          community.roles.find((r) => r.id === id),
          serverRoles,
          guildId,
          { roles: community.roles, complete: list.complete },
        )
      : { id, name: id, problem: 'unread' as const },
  );
  const read: AccessRolesRead = list
    ? {
        links,
        list: {
          readAt: list.readAt,
          nextReadAt: list.nextReadAt,
          complete: list.complete,
          count: community.roles.length,
          ...(list.standIn ? { standIn: list.standIn } : {}),
        },
      }
    : {
        links,
        unread: {
          retryAt: rolesRetryAt(failed, Date.now()),
          reason: failed instanceof UserError ? failed.text : say.unavailable,
        },
      };
  // The spending rule, over the list just read: with no role linked here, nobody new gets a lookup.
  const nobody =
    community !== undefined &&
    list !== undefined &&
    nobodySpendable(community.roles, list.complete, guildId, serverRolesOf(interaction));
  return (t) => {
    const { free, lookups } = accessRoleLines(links, undefined, t);
    const checked = t.sentences.accessRolesChecked(free, lookups);
    return [
      checked,
      ...(nobody ? [t.sentences.accessNobodyPasses] : []),
      ...(lookups.length > 0 ? [t.sentences.accessRolesTip] : []),
      rolesReadLine(read, t) ?? '',
    ].join('\n');
  };
}

/**
 * The community roles named in `access-roles` (`none`: no role), by id; a UserError for a name not
 * found (naming discord-roles when it is a Discord role of this server, or looks like a Discord role
 * id), or the refusal the roles' read gave.
 */
function communityRoleIds(
  text: string,
  roles: readonly NamedRole[] | UserError,
  serverRoles: readonly NamedRole[],
): string[] {
  const wanted = text.toLowerCase() === 'none' ? [] : segments(text);
  if (roles instanceof UserError) throw roles;
  const known = (w: string) =>
    roles.find((r) => r.id === w) ?? roles.find((r) => r.name.toLowerCase() === w.toLowerCase());
  const unknown = wanted.filter((w) => !known(w));
  const discord = unknown.filter(
    (w) =>
      SNOWFLAKE.test(w) || serverRoles.some((r) => r.id === w || r.name.toLowerCase() === w.toLowerCase()),
  );
  if (discord.length > 0)
    throw new UserError(say.accessRoleIsDiscord(discord, ADMIN_SETTING_NAMES.discordRoles));
  if (unknown.length > 0) throw new UserError(say.unknownRoles(unknown));
  const ids = [...new Set(wanted.map((w) => known(w)?.id as string))];
  if (ids.length > MAX_ACCESS_ROLES) throw new UserError(say.tooManyRoles(MAX_ACCESS_ROLES));
  return ids;
}

/**
 * The server's Discord roles named in `discord-roles`, by id; a UserError for a name no role has,
 * and for @everyone or a bot's own role (a role of this server, but one no member can be given:
 * access cannot be limited to it). The roles an integration or Server Boosting manages are held by
 * members (boosters, subscribers) and may be named.
 */
function discordRoleIds(text: string, roles: readonly ServerRole[]): string[] {
  // A name held by a role members can be given and by one they cannot is the one they can.
  const picked = pickRoles(text, [...roles.filter(givable), ...roles.filter((r) => !givable(r))]);
  if ('unknown' in picked) throw new UserError(say.unknownDiscordRoles(picked.unknown));
  const named = picked.ids.map((id) => roles.find((r) => r.id === id) as ServerRole);
  const everyone = named.find((r) => r.everyone);
  if (everyone) throw new UserError(say.everyoneDiscordRole(everyone.name));
  const bots = named.filter((r) => r.botsOwn);
  if (bots.length > 0)
    throw new UserError(say.botDiscordRoles(bots.slice(0, MAX_NAMED_REFUSED).map((r) => r.name)));
  if (picked.ids.length > MAX_ACCESS_ROLES) throw new UserError(say.tooManyRoles(MAX_ACCESS_ROLES));
  return picked.ids;
}

/** Bots' roles a refusal names at most (100 characters a name: 25 of them would outgrow a message). */
const MAX_NAMED_REFUSED = 5;

/** A Discord role of this server, and whether it is @everyone or a bot's own (Discord's `tags.botId`). */
interface ServerRole extends NamedRole {
  everyone: boolean;
  botsOwn: boolean;
}

/** Whether a member can hold the role and be checked for it: not @everyone, not a bot's own. */
const givable = (role: ServerRole) => !role.everyone && !role.botsOwn;

/** Every Discord role of this server, highest first. */
function serverRoleList(interaction: Interaction): ServerRole[] {
  const guild = interaction.guild;
  if (!guild) return [];
  return [...guild.roles.cache.values()]
    .sort((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      everyone: role.id === guild.id,
      botsOwn: role.managed && Boolean(role.tags?.botId),
    }));
}

/** The server's Discord roles a member can hold and be checked for: not @everyone, not a bot's own. */
function discordRolesOf(interaction: Interaction): NamedRole[] {
  return serverRoleList(interaction)
    .filter(givable)
    .map(({ id, name }) => ({ id, name }));
}

/** What an admin typed in a role option, split at commas. */
function segments(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The roles named (by id, as a pick sends, or by name) in `text`; `none` is the empty list. */
function pickRoles(text: string, roles: readonly NamedRole[]): { ids: string[] } | { unknown: string[] } {
  if (text.trim().toLowerCase() === 'none') return { ids: [] };
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const part of segments(text)) {
    const role =
      roles.find((r) => r.id === part) ?? roles.find((r) => r.name.toLowerCase() === part.toLowerCase());
    if (role) {
      if (!ids.includes(role.id)) ids.push(role.id);
    } else unknown.push(part);
  }
  return unknown.length > 0 ? { unknown } : { ids };
}

/**
 * Autocomplete choices for a comma-separated role option: roles whose name holds the text after
 * the last comma (names starting with it first), not already listed. A choice's name shows the
 * whole list by name; its value is the list by id (choices longer than Discord allows are left out).
 */
function roleChoices(
  typed: string,
  roles: readonly NamedRole[],
  t: Words,
): APIApplicationCommandOptionChoice[] {
  const cut = typed.lastIndexOf(',');
  const earlier = cut < 0 ? [] : segments(typed.slice(0, cut));
  const partial = typed
    .slice(cut + 1)
    .trim()
    .toLowerCase();
  const known = (part: string) =>
    roles.find((r) => r.id === part) ?? roles.find((r) => r.name.toLowerCase() === part.toLowerCase());
  const taken = new Set(earlier.map((part) => known(part)?.id ?? part));
  const earlierValues = earlier.map((part) => known(part)?.id ?? part);
  const earlierNames = earlier.map((part) => known(part)?.name ?? part);
  const matching = roles
    .filter((r) => !taken.has(r.id) && r.name.toLowerCase().includes(partial))
    .sort(
      (a, b) =>
        Number(!a.name.toLowerCase().startsWith(partial)) - Number(!b.name.toLowerCase().startsWith(partial)),
    );
  const choices: APIApplicationCommandOptionChoice[] = [];
  if (earlier.length === 0 && 'none'.startsWith(partial))
    choices.push({ name: t.admin.noRoleNeeded, value: 'none' });
  for (const role of matching) {
    const value = [...earlierValues, role.id].join(',');
    if (value.length > 100) continue;
    choices.push({ name: plainText([...earlierNames, role.name].join(', '), 100), value });
    if (choices.length === 25) break;
  }
  return choices;
}
