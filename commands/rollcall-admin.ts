/**
 * /rollcall-admin (hosted mode only): a server's admins link it to their community.
 *
 * - `setup`: on a server with no token, a modal asks for it (never a slash-command option: those
 *   are logged and shown). The submission is checked with one API read before anything is saved.
 *   On a linked server it shows the link (when, by whom, the token's fingerprint, whether the API
 *   rejected it) with Replace and Unlink buttons. The token itself is never shown.
 * - `unlink`: deletes the server's token and settings.
 *
 * A separate top-level command because Discord's default permissions apply to a whole command:
 * ManageGuild here keeps it out of moderators' menus while /rollcall stays theirs. The bot checks
 * Manage Server itself too (interaction.memberPermissions), so a server's own override of the
 * command's permissions cannot hand it to someone else.
 */
import {
  ApplicationCommandOptionType,
  ButtonStyle,
  type ChatInputCommandInteraction,
  ComponentType,
  type Interaction,
  MessageFlags,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RepliableInteraction,
  TextInputStyle,
} from 'discord.js';
import { MESSAGES, NO_MENTIONS, UserError } from '../src/discord/replies.js';
import type { Responder } from '../src/discord/respond.js';
import type { AdminHandler } from '../src/discord/router.js';
import {
  REPORTS_SUBCOMMAND,
  type ReportSettingsPlace,
  reportsAdmin,
  reportsSubcommand,
} from './admin-reports.js';

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
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'limits',
          description: "The community plan's API limits, like 100/month,30/1m; default: the bot's",
          required: false,
          max_length: 200,
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
  | { ok: false; reason: 'rejected' | 'forbidden' | 'unavailable' };

/** The settings a server's admins choose here. */
export interface ServerSettings {
  accessRoleIds: string[];
  defaultVisibility: 'private' | 'public';
  apiLimits?: string | undefined;
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
      if (sub === REPORTS_SUBCOMMAND && reports) return reportsAdmin(interaction, guildId, reports);
      const linked = await links.describe(guildId);
      if (!linked) {
        await interaction.showModal(modal());
        return;
      }
      await interaction.reply({
        content: MESSAGES.linkState(linked),
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
    if (interaction.isAutocomplete()) return interaction.respond([]);
    if (interaction.isRepliable()) return respond.refuse(interaction, MESSAGES.expired);
  }

  async function settings(interaction: ChatInputCommandInteraction, guildId: string): Promise<void> {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const visibility = interaction.options.getString('visibility') as
      | ServerSettings['defaultVisibility']
      | null;
    const rolesText = interaction.options.getString('access-roles')?.trim() ?? null;
    const limitsText = interaction.options.getString('limits')?.trim() ?? null;
    const change: Partial<ServerSettings> = {};
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
        change.accessRoleIds = wanted.map(
          (w) =>
            (roles?.find((r) => r.id === w) ?? roles?.find((r) => r.name.toLowerCase() === w.toLowerCase()))
              ?.id as string,
        );
      }
      if (Object.keys(change).length > 0) await links.saveSettings(guildId, change);
    } catch (error) {
      if (error instanceof UserError) return editText(interaction, error.message);
      throw error;
    }
    const now = await links.settings(guildId);
    const nameOf = (id: string) => roles?.find((r) => r.id === id)?.name ?? id;
    const state = MESSAGES.settingsState({
      visibility: now.defaultVisibility,
      accessRoles: now.accessRoleIds.map(nameOf),
      limits: now.apiLimits,
    });
    await editText(
      interaction,
      Object.keys(change).length > 0 ? `${MESSAGES.settingsSaved}\n${state}` : state,
    );
  }

  async function unlink(interaction: RepliableInteraction, guildId: string): Promise<void> {
    const linked = await links.describe(guildId);
    if (linked) await links.forget(guildId);
    await reply(interaction, linked ? MESSAGES.unlinked : MESSAGES.nothingToUnlink);
  }

  async function submit(interaction: ModalSubmitInteraction, guildId: string): Promise<void> {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const token = interaction.fields.getTextInputValue(ADMIN_IDS.tokenField).trim();
    if (token === '') return edit(interaction, MESSAGES.setupEmpty);
    const checked = await links.check(token, guildId);
    if (!checked.ok) {
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
    await edit(interaction, MESSAGES.setupLinked(checked.communityId, checked.roleCount));
  }
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
