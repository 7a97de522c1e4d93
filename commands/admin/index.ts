/**
 * /rollcall-admin (hosted mode only): a server's admins link it to their community. One module per
 * subcommand (setup, settings, labels, unlink, reports), each on `defineCommand`/`argumentsOf` and
 * answered through the responder like every command; this module joins their definitions into one
 * command and routes its interactions (the router hands them over before any community: a server with
 * no link yet has none).
 *
 * A separate top-level command because Discord's default permissions apply to a whole command:
 * ManageGuild here keeps it out of moderators' menus while /rollcall stays theirs. The bot checks
 * Manage Server itself too (interaction.memberPermissions), so a server's own override of the
 * command's permissions cannot hand it to someone else.
 */

import {
  type APIApplicationCommandOptionChoice,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { LIMITS } from '../../src/base/discord-limits.js';
import { checkOptions } from '../../src/discord/command.js';
import { type Payload, say, UserError } from '../../src/discord/replies.js';
import type { Repliable, Responder } from '../../src/discord/respond.js';
import type { AdminHandler } from '../../src/discord/router.js';
import { wordsFor } from '../../src/i18n/words.js';
import { StoreError } from '../../src/store/errors.js';
import {
  ADMIN_BASE,
  ADMIN_ID_PREFIX,
  ADMIN_IDS,
  type AdminCommand,
  type AdminModal,
  type Links,
} from './command.js';
import { createLabelsCommand, labelsDefinition } from './labels.js';
import { createReportsCommand, type ReportSettingsPlace, reportsDefinition } from './reports.js';
import { createSettingsCommand, settingsDefinition } from './settings.js';
import { createSetupCommand, createTokenSubmit, setupDefinition, tokenModal } from './setup.js';
import { createUnlinkCommand, unlink, unlinkDefinition } from './unlink.js';

export {
  ADMIN_COMMAND,
  ADMIN_IDS,
  type LinkInfo,
  type Links,
  MAX_ACCESS_ROLES,
  type ServerSettings,
  type TokenCheck,
} from './command.js';
export { MAX_LABELS_PER_TABLE } from './labels.js';
export type { ReportSettingsPlace } from './reports.js';
export { SETUP_CHECK_WINDOW_S, SETUP_CHECKS } from './setup.js';

/** /rollcall-admin as registered: its subcommands in this order. */
export const adminData = {
  ...ADMIN_BASE,
  options: [
    setupDefinition,
    settingsDefinition,
    labelsDefinition,
    unlinkDefinition,
    reportsDefinition,
  ].flatMap((definition) => definition.options ?? []),
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The admin command's handler for the router: its subcommands, autocomplete, buttons and token modal. */
export function createAdminHandler(
  links: Links,
  logger: { warn(o: object, m: string): void },
  reports?: ReportSettingsPlace,
): AdminHandler {
  const commands = new Map<string, AdminCommand>();
  // Each module's definition is /rollcall-admin with its one subcommand: named by it.
  for (const command of [
    createSetupCommand(links),
    createSettingsCommand(links),
    createLabelsCommand(links),
    createUnlinkCommand(links),
    ...(reports ? [createReportsCommand(reports)] : []),
  ])
    commands.set(command.data.options?.[0]?.name ?? '', command);
  const submitToken = createTokenSubmit(links);

  /**
   * Answer through the responder (privately). A StoreError means the database is not answering:
   * said so; any other error gets the sentence every command's does.
   */
  function answer(
    interaction: Repliable & { guildId: string },
    respond: Responder,
    work: () => Promise<Payload>,
    newMessage = false,
  ): Promise<void> {
    const guarded = async () => {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        logger.warn({ err: error, guild: interaction.guildId }, 'admin command failed');
        throw new UserError(say.storeUnavailable, { cause: error });
      }
    };
    return respond.answer(interaction, guarded, true, newMessage);
  }

  async function onCommand(
    interaction: ChatInputCommandInteraction<'cached' | 'raw'>,
    respond: Responder,
  ): Promise<void> {
    const command = commands.get(interaction.options.getSubcommand(true));
    if (!command) return respond.notice(interaction, say.unknownCommand);
    const ctx = { interaction, guildId: interaction.guildId };
    // Every option against the subcommand's definition first (src/discord/command.ts), as the
    // router does for every other command: a forged choice is refused before anything is saved.
    const checked = () => checkOptions(command.data, interaction.options.data);
    if ('execute' in command)
      return answer(interaction, respond, async () => {
        checked();
        return command.execute(ctx);
      });
    // Worked out before anything is sent: a modal cannot follow a defer.
    let opened: Payload | AdminModal;
    try {
      checked();
      opened = await command.open(ctx);
    } catch (error) {
      return answer(interaction, respond, () => Promise.reject(error));
    }
    if ('modal' in opened) {
      await interaction.showModal(opened.modal);
      return;
    }
    return answer(interaction, respond, async () => opened);
  }

  async function onAutocomplete(interaction: AutocompleteInteraction<'cached' | 'raw'>): Promise<void> {
    const command = commands.get(interaction.options.getSubcommand(false) ?? '');
    let choices: APIApplicationCommandOptionChoice[] = [];
    try {
      choices = (await command?.autocomplete?.({ interaction, guildId: interaction.guildId })) ?? [];
    } catch (error) {
      logger.warn({ err: error, guild: interaction.guildId }, 'admin autocomplete failed');
    }
    await interaction.respond(choices.slice(0, LIMITS.autocompleteChoices));
  }

  /** The controls under setup's answer, and its token modal; their answers are messages of their own. */
  async function onControl(
    interaction: (ButtonInteraction | ModalSubmitInteraction) & { guildId: string },
    respond: Responder,
  ): Promise<void> {
    const { customId, guildId } = interaction;
    if (interaction.isButton() && customId === ADMIN_IDS.replace) {
      await interaction.showModal(tokenModal(wordsFor(interaction.locale)));
      return;
    }
    if (interaction.isButton() && customId === ADMIN_IDS.unlink)
      return answer(interaction, respond, () => unlink(links, guildId), true);
    if (interaction.isModalSubmit() && customId === ADMIN_IDS.modal)
      return answer(interaction, respond, () => submitToken(interaction, guildId), true);
    return respond.refuse(interaction, say.expired);
  }

  return {
    owns(interaction) {
      if (interaction.isChatInputCommand() || interaction.isAutocomplete())
        return interaction.commandName === ADMIN_BASE.name;
      if (interaction.isButton() || interaction.isModalSubmit())
        return interaction.customId.startsWith(ADMIN_ID_PREFIX);
      return false;
    },
    async handle(interaction, respond) {
      if (!interaction.inGuild()) return respond.refuse(interaction, say.dmOnly);
      if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
        return respond.refuse(interaction, say.adminOnly);
      if (interaction.isChatInputCommand()) return onCommand(interaction, respond);
      if (interaction.isAutocomplete()) return onAutocomplete(interaction);
      if (interaction.isButton() || interaction.isModalSubmit()) return onControl(interaction, respond);
    },
  };
}
