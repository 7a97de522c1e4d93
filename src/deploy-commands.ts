/**
 * Registers Rollcall's slash commands: to DISCORD_GUILD_ID when set (instant), otherwise globally.
 * `--dry-run` prints the JSON that would be sent and needs no Discord settings.
 */

import { pathToFileURL } from 'node:url';
import {
  InteractionContextType,
  REST,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { commands } from '../commands/index.js';
import {
  DEFAULT_COMMAND_PERMISSIONS,
  type DeployConfig,
  formatConfigErrors,
  loadDeployConfig,
} from './config.js';
import { resolvePermissions } from './permissions.js';

/** The command definitions as Discord receives them. */
export function commandBodies(permissionsSetting: string): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const defaultPermissions = resolvePermissions(permissionsSetting);
  return commands.map((command) => ({
    ...command.data,
    default_member_permissions: defaultPermissions,
    contexts: [InteractionContextType.Guild],
  }));
}

/** Replace the application's commands (in one guild, or globally) with Rollcall's; returns how many. */
export async function registerCommands(config: DeployConfig): Promise<number> {
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(
    config.DISCORD_TOKEN,
  );
  const route = config.DISCORD_GUILD_ID
    ? Routes.applicationGuildCommands(config.DISCORD_APPLICATION_ID, config.DISCORD_GUILD_ID)
    : Routes.applicationCommands(config.DISCORD_APPLICATION_ID);
  const saved = (await rest.put(route, { body: commandBodies(config.COMMAND_PERMISSIONS) })) as unknown[];
  return saved.length;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--dry-run')) {
    const setting = process.env.COMMAND_PERMISSIONS?.trim() || DEFAULT_COMMAND_PERMISSIONS;
    process.stdout.write(`${JSON.stringify(commandBodies(setting), null, 2)}\n`);
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
    const where = config.DISCORD_GUILD_ID ? `server ${config.DISCORD_GUILD_ID}` : 'every server (global)';
    process.stdout.write(`Registered ${count} commands for ${where}.\n`);
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
