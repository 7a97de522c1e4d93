/**
 * Registers Rollcall's slash commands and its user commands (a member's right-click menu, Apps): to
 * each server listed in DISCORD_GUILD_ID (instant), otherwise globally. In hosted mode (no API_TOKEN) /rollcall-admin is registered too, with its own default
 * permission (Manage Server) instead of COMMAND_PERMISSIONS.
 * `--dry-run` prints the JSON that would be sent and needs no Discord settings.
 */

import { pathToFileURL } from 'node:url';
import {
  ApplicationIntegrationType,
  InteractionContextType,
  REST,
  type RESTPostAPIApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { adminData } from '../commands/admin/index.js';
import { commands } from '../commands/index.js';
import { COMMAND_CATALOGUES } from '../commands/texts.js';
import { messageMenus, userMenus } from '../commands/user-menus.js';
import {
  DEFAULT_COMMAND_PERMISSIONS,
  type DeployConfig,
  formatConfigErrors,
  isHosted,
  loadDeployConfig,
} from './base/config.js';
import { resolvePermissions } from './base/permissions.js';
import { deployEmojis, emojiPlan } from './deploy-emojis.js';
import { localize } from './i18n/commands.js';

/** The command definitions as Discord receives them. */
export function commandBodies(
  permissionsSetting: string,
  hosted = false,
): RESTPostAPIApplicationCommandsJSONBody[] {
  const defaultPermissions = resolvePermissions(permissionsSetting);
  // The user commands show what slash commands show: the same people may see them; /me everyone.
  const bodies: RESTPostAPIApplicationCommandsJSONBody[] = [...commands, ...userMenus, ...messageMenus].map(
    (command) => ({
      ...command.data,
      default_member_permissions: 'own' in command && command.own ? null : defaultPermissions,
      contexts: [InteractionContextType.Guild],
      integration_types: [ApplicationIntegrationType.GuildInstall],
    }),
  );
  if (hosted)
    bodies.push({
      ...adminData,
      contexts: [InteractionContextType.Guild],
      integration_types: [ApplicationIntegrationType.GuildInstall],
    });
  return localize(bodies, COMMAND_CATALOGUES);
}

/** Where the commands go: each listed guild, or globally (`null`) when none is listed. */
function targets(config: DeployConfig): Array<string | null> {
  return config.DISCORD_GUILD_ID.length > 0 ? config.DISCORD_GUILD_ID : [null];
}

function restOf(config: Pick<DeployConfig, 'DISCORD_API_URL' | 'DISCORD_TOKEN'>): REST {
  return new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(
    config.DISCORD_TOKEN,
  );
}

/** Replace the application's commands (in each listed guild, or globally) with Rollcall's; returns how many. */
export async function registerCommands(config: DeployConfig): Promise<number> {
  const rest = restOf(config);
  const body = commandBodies(config.COMMAND_PERMISSIONS, isHosted(config));
  let count = 0;
  for (const guildId of targets(config)) {
    const route = guildId
      ? Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, guildId)
      : Routes.applicationCommands(config.DISCORD_APPLICATION_ID);
    count = ((await rest.put(route, { body })) as unknown[]).length;
  }
  return count;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--dry-run')) {
    const setting = process.env.COMMAND_PERMISSIONS?.trim() || DEFAULT_COMMAND_PERMISSIONS;
    const hosted = (process.env.API_TOKEN?.trim() ?? '') === '';
    process.stdout.write(`${JSON.stringify(commandBodies(setting, hosted), null, 2)}\n`);
    // What it would upload, on stderr (stdout is the JSON): compared with the application's own
    // emojis when its settings are there (a read, nothing written), else the whole set.
    const token = process.env.DISCORD_TOKEN?.trim();
    const app = process.env.DISCORD_APPLICATION_ID?.trim();
    if (!/^(false|0|no)$/.test(process.env.APP_EMOJIS?.trim() ?? '')) {
      const lines =
        token && app
          ? await deployEmojis(
              restOf({
                DISCORD_TOKEN: token,
                DISCORD_API_URL: process.env.DISCORD_API_URL?.trim() || undefined,
              }),
              app,
              true,
            )
          : { said: [emojiPlan()], problems: [] };
      process.stderr.write([...lines.said, ...lines.problems].map((l) => `${l}\n`).join(''));
    }
    return 0;
  }
  const loaded = loadDeployConfig();
  if (!loaded.ok) {
    process.stderr.write(`${formatConfigErrors(loaded.errors)}\n`);
    return 1;
  }
  const config = loaded.config;
  try {
    const count = await registerCommands(config);
    const ids = config.DISCORD_GUILD_ID;
    const where =
      ids.length > 0 ? `server${ids.length > 1 ? 's' : ''} ${ids.join(', ')}` : 'every server (global)';
    process.stdout.write(`Registered ${count} commands for ${where}.\n`);
    if (!config.APP_EMOJIS) {
      process.stdout.write('Emojis: off (APP_EMOJIS=false), none uploaded.\n');
      return 0;
    }
    // Emoji failures are said, one line each, and never fail the deploy: the answers use Unicode.
    const emojis = await deployEmojis(restOf(config), config.DISCORD_APPLICATION_ID);
    process.stdout.write(emojis.said.map((l) => `${l}\n`).join(''));
    process.stderr.write(emojis.problems.map((l) => `${l}\n`).join(''));
    return 0;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Could not register the commands: ${reason}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
