/**
 * /rollcall-admin (hosted mode only): a server's admins link it to their community. One module per
 * subcommand (setup, settings, labels, unlink, reports), each a `ServerCommand` on
 * `defineCommand`/`argumentsOf` that the router dispatches as it does every command: it needs no
 * community (a server with no link yet has none) and requires Manage Server (`ADMIN_ROUTE`). This
 * module joins their definitions into the one command deploy-commands registers, and gives the
 * router the subcommands and the controls under setup's answer (parsed from their custom_id).
 *
 * A separate top-level command because Discord's default permissions apply to a whole command:
 * ManageGuild here keeps it out of moderators' menus while /rollcall stays theirs. The router checks
 * Manage Server itself too (the declared requirement), so a server's own override of the command's
 * permissions cannot hand it to someone else.
 */

import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { ServerCommand, ServerControl, ServerControls } from '../../src/discord/command.js';
import { ADMIN_BASE, ADMIN_ID_PREFIX, ADMIN_IDS, ADMIN_ROUTE, type Links } from './command.js';
import { createLabelsCommand, labelsDefinition } from './labels.js';
import { createReportsCommand, type ReportSettingsPlace, reportsDefinition } from './reports.js';
import { reportsForm, reportsFormSubmit } from './reports-form.js';
import { createSettingsCommand, settingsDefinition } from './settings.js';
import { settingsForm, settingsFormSubmit } from './settings-form.js';
import { createSetupCommand, setupControls, setupDefinition } from './setup.js';
import { createUnlinkCommand, unlinkButton, unlinkDefinition } from './unlink.js';

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

/** What the router is given of the admin command: its subcommands and its controls. */
interface Admin {
  commands: ServerCommand[];
  controls: ServerControls;
}

/** The admin command's subcommands and the controls under setup's answer, for the router. */
export function createAdmin(links: Links, reports?: ReportSettingsPlace): Admin {
  const commands = [
    createSetupCommand(links),
    withSettingsForm(createSettingsCommand(links), links),
    createLabelsCommand(links),
    createUnlinkCommand(links),
    ...(reports ? [withReportsForm(createReportsCommand(reports), reports)] : []),
  ];
  const setup = setupControls(links);
  // By custom_id, as old messages still carry them.
  const controls = new Map<string, ServerControl>([
    [ADMIN_IDS.replace, setup.replace],
    [ADMIN_IDS.unlink, unlinkButton(links)],
    [ADMIN_IDS.modal, setup.modal],
    [ADMIN_IDS.settingsForm, settingsFormSubmit(links)],
    ...(reports ? [[ADMIN_IDS.reportsForm, reportsFormSubmit(reports)] as const] : []),
  ]);
  return {
    commands,
    controls: { ...ADMIN_ROUTE, prefix: ADMIN_ID_PREFIX, parse: (customId) => controls.get(customId) },
  };
}

/**
 * /rollcall-admin reports with no option opens the report settings form where the wiring keeps a
 * digest and reminders (hosted mode); with options, or elsewhere, it runs as before.
 */
function withReportsForm(command: ServerCommand, place: ReportSettingsPlace): ServerCommand {
  if (!('execute' in command) || !place.digest || !place.reminders) return command;
  return {
    ...command,
    form: async ({ interaction, guildId, t }) =>
      (interaction.options.data[0]?.options ?? []).length === 0 ? reportsForm(guildId, place, t) : undefined,
  };
}

/** /rollcall-admin settings with no option opens the server settings form; with options it runs as before. */
function withSettingsForm(command: ServerCommand, links: Links): ServerCommand {
  if (!('execute' in command)) return command;
  return {
    ...command,
    form: async ({ interaction, guildId, t }) =>
      (interaction.options.data[0]?.options ?? []).length === 0
        ? settingsForm(guildId, links, [...(interaction.guild?.roles.cache.values() ?? [])], t)
        : undefined,
  };
}
