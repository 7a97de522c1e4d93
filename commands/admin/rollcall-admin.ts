/**
 * /rollcall-admin (hosted mode only): a server's admins link it to their community.
 *
 * - `setup`: on a server with no token, a modal asks for it (never a slash-command option: those
 *   are logged and shown). The submission is checked with one API read before anything is saved.
 *   On a linked server it shows the link (when, by whom, the token's fingerprint, whether the API
 *   rejected it) with Replace and Unlink buttons. The token itself is never shown.
 * - `settings`: default visibility, access roles (community roles; Discord roles of the server),
 *   both picked by name with autocomplete (the pick's value is the role id), API limits.
 * - `labels`: the names this community gives its integer codes (log types, LOA status and start
 *   type, audit types, ban appeal); with no option, the labels now set. A code without a label is
 *   shown as its number.
 * - `unlink`: deletes the server's token and settings.
 *
 * A separate top-level command because Discord's default permissions apply to a whole command:
 * ManageGuild here keeps it out of moderators' menus while /rollcall stays theirs. The bot checks
 * Manage Server itself too (interaction.memberPermissions), so a server's own override of the
 * command's permissions cannot hand it to someone else.
 */
import {
  type APIApplicationCommandOptionChoice,
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  ComponentType,
  DiscordAPIError,
  type Interaction,
  MessageFlags,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RepliableInteraction,
  TextInputStyle,
} from 'discord.js';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES, NO_MENTIONS, UserError } from '../../src/discord/replies.js';
import type { Responder } from '../../src/discord/respond.js';
import type { AdminHandler } from '../../src/discord/router.js';
import { plainText, roleMention, safeLine, truncate } from '../../src/render/format.js';
import {
  CODE_PATTERN,
  CODE_TABLE_NAMES,
  CODE_TABLES,
  type CodeLabels,
  type CodeTable,
  codeLabel,
  labelProblem,
  MAX_LABEL_LENGTH,
} from '../../src/render/labels.js';
import { REPORTS_SUBCOMMAND, type ReportSettingsPlace, reportsAdmin, reportsSubcommand } from './reports.js';

export const ADMIN_COMMAND = 'rollcall-admin';

/** custom_ids of the admin controls (outside the paging codec's `rc1:` space). */
export const ADMIN_IDS = {
  modal: 'rca:setup',
  tokenField: 'token',
  replace: 'rca:replace',
  unlink: 'rca:unlink',
} as const;

/** The longest token the modal accepts. */
const MAX_TOKEN_LENGTH = 512;

/** What a token can hold: visible ASCII, no space (anything else cannot go in an HTTP header as is). */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * Tokens a server may have checked (each one an API request) in SETUP_CHECK_WINDOW_S: anyone can
 * add the bot to a server of their own and paste tokens there, and every attempt reaches the API.
 */
export const SETUP_CHECKS = 5;
export const SETUP_CHECK_WINDOW_S = 600;

/** Access roles of each kind a server may keep (the store refuses more). */
export const MAX_ACCESS_ROLES = 25;

/** Labels one table may hold (the store refuses more). */
export const MAX_LABELS_PER_TABLE = 100;

export const adminData = {
  name: ADMIN_COMMAND,
  description: 'Link this server to its community server (server admins)',
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'setup',
      description: "Link this server with its community server's API token, or see and change the link",
    },
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
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'labels',
      description: "Name this community's integer codes (log types, LOA status…); no option: show them",
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'table',
          description: 'Which codes',
          required: false,
          choices: CODE_TABLES.map((table) => ({ name: CODE_TABLE_NAMES[table], value: table })),
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'code',
          description: 'The code number, like 3',
          required: false,
          max_length: 20,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'label',
          description: `What the community calls it (1 to ${MAX_LABEL_LENGTH} characters, plain text)`,
          required: false,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'clear',
          description: "Remove the code's label (with no code: every label of the table)",
          required: false,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'unlink',
      description: "Delete this server's API token and settings",
    },
    reportsSubcommand,
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** What may be shown about a server's link: never the token. */
export interface LinkInfo {
  fingerprint: string;
  communityId: string | undefined;
  linkedBy: string;
  linkedAt: Date;
  invalidAt: Date | undefined;
}

/** What checking a token with one API read found. */
export type TokenCheck =
  | { ok: true; communityId: string | undefined; roleCount: number }
  | { ok: false; reason: 'rejected' | 'forbidden' | 'unavailable' }
  /** The token's monthly allowance is spent or paced: no request was made (next one at, ms). */
  | { ok: false; reason: 'saving'; nextFreshAt: number };

/** The settings a server's admins choose here. */
export interface ServerSettings {
  accessRoleIds: string[];
  /** Discord role ids of the server (checked from the interaction, no API read). */
  accessDiscordRoleIds: string[];
  defaultVisibility: 'private' | 'public';
  apiLimits?: string | undefined;
  /** The community's names for its integer codes. */
  labels: CodeLabels;
}

/** Where links are kept and how a token is checked (the wiring gives the store and the API). */
export interface Links {
  settings(guildId: string): Promise<ServerSettings>;
  /** Save a change (merged into the stored settings); throws a UserError for invalid limits. */
  saveSettings(guildId: string, change: Partial<ServerSettings>): Promise<unknown>;
  /** The community's roles (page 1 of the roles list), read with the server's own token. */
  roles(guildId: string): Promise<Array<{ id: string; name: string }>>;
  describe(guildId: string): Promise<LinkInfo | undefined>;
  /** One read with the token, under the server's own limits. */
  check(token: string, guildId: string): Promise<TokenCheck>;
  /** Resolves once the link is durably saved. */
  link(guildId: string, token: string, linkedBy: string, communityId: string | undefined): Promise<unknown>;
  forget(guildId: string): Promise<void>;
}

export function createAdminHandler(
  links: Links,
  logger: { warn(o: object, m: string): void },
  reports?: ReportSettingsPlace,
): AdminHandler {
  const checks = new RateLimiterMemory({ points: SETUP_CHECKS, duration: SETUP_CHECK_WINDOW_S });
  return {
    owns(interaction) {
      if (interaction.isChatInputCommand() || interaction.isAutocomplete())
        return interaction.commandName === ADMIN_COMMAND;
      if (interaction.isButton() || interaction.isModalSubmit())
        return interaction.customId.startsWith('rca:');
      return false;
    },
    async handle(interaction, respond) {
      if (!interaction.inGuild()) return respond.refuse(interaction, MESSAGES.dmOnly);
      if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
        return respond.refuse(interaction, MESSAGES.adminOnly);
      try {
        await dispatch(interaction, interaction.guildId, respond);
      } catch (error) {
        // Discord's errors carry the request URL, and with it the interaction token: summarised.
        if (error instanceof DiscordAPIError) return respond.logDiscordError(error, interaction);
        logger.warn({ err: error, guild: interaction.guildId }, 'admin command failed');
        if (interaction.isRepliable()) await reply(interaction, MESSAGES.storeUnavailable).catch(() => {});
      }
    },
  };

  async function dispatch(interaction: Interaction, guildId: string, respond: Responder): Promise<void> {
    if (interaction.isChatInputCommand()) {
      const sub = interaction.options.getSubcommand(true);
      if (sub === 'unlink') return unlink(interaction, guildId);
      if (sub === 'settings') return settings(interaction, guildId);
      if (sub === 'labels') return labels(interaction, guildId);
      if (sub === REPORTS_SUBCOMMAND && reports) return reportsAdmin(interaction, guildId, reports);
      const linked = await links.describe(guildId);
      if (!linked) {
        await interaction.showModal(modal());
        return;
      }
      await interaction.reply({
        content: MESSAGES.linkState({ ...linked, communityId: apiText(linked.communityId) }),
        components: [linkButtons()],
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_MENTIONS,
      });
      return;
    }
    if (interaction.isButton()) {
      if (interaction.customId === ADMIN_IDS.replace) {
        await interaction.showModal(modal());
        return;
      }
      if (interaction.customId === ADMIN_IDS.unlink) return unlink(interaction, guildId);
    }
    if (interaction.isModalSubmit() && interaction.customId === ADMIN_IDS.modal)
      return submit(interaction, guildId);
    if (interaction.isAutocomplete()) return interaction.respond(await complete(interaction, guildId));
    if (interaction.isRepliable()) return respond.refuse(interaction, MESSAGES.expired);
  }

  async function settings(interaction: ChatInputCommandInteraction, guildId: string): Promise<void> {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const visibility = interaction.options.getString('visibility') as
      | ServerSettings['defaultVisibility']
      | null;
    const rolesText = interaction.options.getString('access-roles')?.trim() ?? null;
    const limitsText = interaction.options.getString('limits')?.trim() ?? null;
    const discordText = interaction.options.getString('discord-roles')?.trim() ?? null;
    const change: Partial<ServerSettings> = {};
    const discordRoles = discordRolesOf(interaction);
    if (visibility) change.defaultVisibility = visibility;
    if (limitsText) change.apiLimits = limitsText.toLowerCase() === 'default' ? undefined : limitsText;
    let roles: Array<{ id: string; name: string }> | undefined;
    try {
      if (rolesText || !visibility) roles = await links.roles(guildId).catch(() => undefined);
      if (rolesText) {
        const wanted =
          rolesText.toLowerCase() === 'none'
            ? []
            : rolesText
                .split(',')
                .map((r) => r.trim())
                .filter(Boolean);
        if (!roles) throw new UserError(MESSAGES.unavailable);
        const unknown = wanted.filter(
          (w) => !roles?.some((r) => r.id === w || r.name.toLowerCase() === w.toLowerCase()),
        );
        if (unknown.length > 0) throw new UserError(MESSAGES.unknownRoles(unknown));
        change.accessRoleIds = [
          ...new Set(
            wanted.map(
              (w) =>
                (
                  roles?.find((r) => r.id === w) ??
                  roles?.find((r) => r.name.toLowerCase() === w.toLowerCase())
                )?.id as string,
            ),
          ),
        ];
        if (change.accessRoleIds.length > MAX_ACCESS_ROLES)
          throw new UserError(MESSAGES.tooManyRoles(MAX_ACCESS_ROLES));
      }
      if (discordText) {
        const picked = pickRoles(discordText, discordRoles);
        if ('unknown' in picked) throw new UserError(MESSAGES.unknownDiscordRoles(picked.unknown));
        if (picked.ids.length > MAX_ACCESS_ROLES)
          throw new UserError(MESSAGES.tooManyRoles(MAX_ACCESS_ROLES));
        change.accessDiscordRoleIds = picked.ids;
      }
      if (Object.keys(change).length > 0) await links.saveSettings(guildId, change);
    } catch (error) {
      if (error instanceof UserError) return editText(interaction, error.message);
      throw error;
    }
    const now = await links.settings(guildId);
    const nameOf = (id: string) => safeLine(roles?.find((r) => r.id === id)?.name ?? id, 100);
    const state = MESSAGES.settingsState({
      visibility: now.defaultVisibility,
      accessRoles: now.accessRoleIds.map(nameOf),
      limits: now.apiLimits,
      discordRoles: now.accessDiscordRoleIds.map(roleMention),
    });
    // Community roles cost API reads (from a small share of the month): say what is free instead.
    const shown = now.accessRoleIds.length > 0 ? `${state}\n${MESSAGES.accessRolesTip}` : state;
    await editText(
      interaction,
      Object.keys(change).length > 0 ? `${MESSAGES.settingsSaved}\n${shown}` : shown,
    );
  }

  /**
   * Choices for the role options of `settings`: the roles whose name holds what is typed after the
   * last comma, each choice keeping what came before it (value: role ids, so a pick is exact).
   * `access-roles` offers the community's roles (one cached API read), `discord-roles` this
   * server's own Discord roles (from the gateway's cache, no request).
   */
  async function complete(
    interaction: AutocompleteInteraction,
    guildId: string,
  ): Promise<APIApplicationCommandOptionChoice[]> {
    const focused = interaction.options.getFocused(true);
    if (interaction.options.getSubcommand(false) !== 'settings') return [];
    const roles =
      focused.name === 'discord-roles'
        ? discordRolesOf(interaction)
        : focused.name === 'access-roles'
          ? await links.roles(guildId).catch(() => [])
          : [];
    return roleChoices(String(focused.value), roles);
  }

  async function labels(interaction: ChatInputCommandInteraction, guildId: string): Promise<void> {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const table = interaction.options.getString('table') as CodeTable | null;
    const codeText = interaction.options.getString('code')?.trim() ?? null;
    const labelText = interaction.options.getString('label');
    const clear = interaction.options.getBoolean('clear') === true;
    const current = (await links.settings(guildId)).labels;
    if (table === null && codeText === null && labelText === null && !clear)
      return editText(interaction, labelsState(current));
    const sentence = checkLabelChange(table, codeText, labelText, clear, current);
    if (typeof sentence === 'string') return editText(interaction, sentence);
    const { table: t, code, label } = sentence;
    const named = { ...(current[t] ?? {}) };
    if (code === undefined) for (const key of Object.keys(named)) delete named[key];
    else if (label === undefined) delete named[code];
    else named[code] = label;
    const next: CodeLabels = { ...current, [t]: named };
    await links.saveSettings(guildId, { labels: next });
    if (code === undefined) return editText(interaction, MESSAGES.labelsTableCleared(CODE_TABLE_NAMES[t]));
    if (label === undefined) return editText(interaction, MESSAGES.labelCleared(code));
    return editText(interaction, MESSAGES.labelSaved(code, codeLabel(next, t, Number(code)) ?? code));
  }

  async function unlink(interaction: RepliableInteraction, guildId: string): Promise<void> {
    const linked = await links.describe(guildId);
    // Settings may have been saved before any token was linked: they go too.
    await links.forget(guildId);
    await reply(interaction, linked ? MESSAGES.unlinked : MESSAGES.nothingToUnlink);
  }

  async function submit(interaction: ModalSubmitInteraction, guildId: string): Promise<void> {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const token = interaction.fields.getTextInputValue(ADMIN_IDS.tokenField).trim();
    if (token === '') return edit(interaction, MESSAGES.setupEmpty);
    // Not sent, so never echoed: an invalid header value's error quotes the whole header.
    if (!TOKEN_CHARACTERS.test(token)) return edit(interaction, MESSAGES.setupMalformed);
    try {
      await checks.consume(guildId);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      return edit(
        interaction,
        MESSAGES.setupTooOften(SETUP_CHECKS, Math.ceil(refused.msBeforeNext / 60_000)),
      );
    }
    const checked = await links.check(token, guildId);
    if (!checked.ok) {
      if (checked.reason === 'saving')
        return edit(interaction, MESSAGES.setupSaving(Math.ceil(checked.nextFreshAt / 1000)));
      const sentence = {
        rejected: MESSAGES.setupRejected,
        forbidden: MESSAGES.setupForbidden,
        unavailable: MESSAGES.setupUnavailable,
      }[checked.reason];
      return edit(interaction, sentence);
    }
    try {
      await links.link(guildId, token, interaction.user.id, checked.communityId);
    } catch (error) {
      logger.warn({ err: error, guild: guildId }, 'saving the link failed');
      return edit(interaction, MESSAGES.storeUnavailable);
    }
    await edit(
      interaction,
      `${MESSAGES.setupLinked(apiText(checked.communityId), checked.roleCount)}\n${MESSAGES.accessRolesTip}`,
    );
  }
}

/** Text the API gave (a community id), escaped like any API text; undefined stays undefined. */
function apiText(value: string | undefined): string | undefined {
  return value === undefined ? undefined : safeLine(value, 100);
}

interface NamedRole {
  id: string;
  name: string;
}

/** The server's Discord roles a member can hold and be checked for: not @everyone, not a bot's own. */
function discordRolesOf(interaction: Interaction): NamedRole[] {
  const guild = interaction.guild;
  if (!guild) return [];
  return [...guild.roles.cache.values()]
    .filter((role) => role.id !== guild.id && !role.managed)
    .sort((a, b) => b.position - a.position)
    .map((role) => ({ id: role.id, name: role.name }));
}

/** What an admin typed in a role option, split at commas. */
function segments(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The roles named (by id, as a pick sends, or by name) in `text`; `none` is the empty list. */
export function pickRoles(
  text: string,
  roles: readonly NamedRole[],
): { ids: string[] } | { unknown: string[] } {
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
export function roleChoices(typed: string, roles: readonly NamedRole[]): APIApplicationCommandOptionChoice[] {
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
    choices.push({ name: 'none (no role needed)', value: 'none' });
  for (const role of matching) {
    const value = [...earlierValues, role.id].join(',');
    if (value.length > 100) continue;
    choices.push({ name: plainText([...earlierNames, role.name].join(', '), 100), value });
    if (choices.length === 25) break;
  }
  return choices;
}

/**
 * The change an admin asked for in `/rollcall-admin labels` (code undefined: clear the table;
 * label undefined: clear the code), or the one sentence saying what is wrong.
 */
export function checkLabelChange(
  table: CodeTable | null,
  codeText: string | null,
  labelText: string | null,
  clear: boolean,
  current: CodeLabels,
): string | { table: CodeTable; code: string | undefined; label: string | undefined } {
  if (table === null || !CODE_TABLES.includes(table)) return MESSAGES.labelNeedsTable;
  if (labelText !== null && clear) return MESSAGES.labelBoth;
  if (codeText === null)
    return clear ? { table, code: undefined, label: undefined } : MESSAGES.labelNeedsCode;
  if (!CODE_PATTERN.test(codeText)) return MESSAGES.labelBadCode;
  // One spelling per code: "03" and "3" name the same code.
  const code = String(Number(codeText));
  if (clear) return { table, code, label: undefined };
  if (labelText === null) return MESSAGES.labelNeedsText;
  const problem = labelProblem(labelText);
  if (problem === 'length') return MESSAGES.labelBadLength(MAX_LABEL_LENGTH);
  if (problem === 'markup') return MESSAGES.labelBadText;
  const named = current[table] ?? {};
  if (!Object.hasOwn(named, code) && Object.keys(named).length >= MAX_LABELS_PER_TABLE)
    return MESSAGES.labelTooMany(MAX_LABELS_PER_TABLE);
  return { table, code, label: labelText.trim() };
}

/** The labels now set, table by table, escaped like API text. */
function labelsState(labels: CodeLabels): string {
  const text = MESSAGES.labelsState(
    CODE_TABLES.map((table) => ({
      name: CODE_TABLE_NAMES[table],
      labels: Object.entries(labels[table] ?? {})
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([code, label]) => [code, safeLine(label, MAX_LABEL_LENGTH)] as [string, string]),
    })),
  );
  return truncate(text, 2000);
}

async function reply(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) {
    await interaction.editReply({ content, components: [], allowedMentions: NO_MENTIONS });
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS });
  }
}

async function editText(interaction: ChatInputCommandInteraction, content: string): Promise<void> {
  await interaction.editReply({ content, components: [], allowedMentions: NO_MENTIONS });
}

async function edit(interaction: ModalSubmitInteraction, content: string): Promise<void> {
  await interaction.editReply({ content, components: [], allowedMentions: NO_MENTIONS });
}

function modal() {
  return {
    custom_id: ADMIN_IDS.modal,
    title: 'Link Rollcall to your community',
    components: [
      {
        type: ComponentType.ActionRow as const,
        components: [
          {
            type: ComponentType.TextInput as const,
            custom_id: ADMIN_IDS.tokenField,
            label: "The community server's API token",
            style: TextInputStyle.Short,
            min_length: 1,
            max_length: MAX_TOKEN_LENGTH,
            required: true,
          },
        ],
      },
    ],
  };
}

function linkButtons() {
  return {
    type: ComponentType.ActionRow as const,
    components: [
      {
        type: ComponentType.Button as const,
        style: ButtonStyle.Secondary as const,
        custom_id: ADMIN_IDS.replace,
        label: 'Replace token',
      },
      {
        type: ComponentType.Button as const,
        style: ButtonStyle.Danger as const,
        custom_id: ADMIN_IDS.unlink,
        label: 'Unlink',
      },
    ],
  };
}
