/** /rollcall-admin unlink, and the Unlink button under setup's link: deletes the server's token and settings. */
import { ApplicationCommandOptionType } from 'discord.js';
import { defineCommand, type ServerCommand, type ServerControl } from '../../src/discord/command.js';
import { type Payload, say, textPayload } from '../../src/discord/replies.js';
import { ADMIN_BASE, ADMIN_ROUTE, type Links } from './command.js';

export const unlinkDefinition = defineCommand({
  ...ADMIN_BASE,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'unlink',
      description: "Delete this server's API token and settings",
    },
  ],
});

export function createUnlinkCommand(links: Links): ServerCommand {
  return { ...ADMIN_ROUTE, data: unlinkDefinition, execute: ({ guildId }) => unlink(links, guildId) };
}

/** The Unlink button under setup's link (ADMIN_IDS.unlink): what /rollcall-admin unlink does. */
export function unlinkButton(links: Links): ServerControl {
  return { on: 'button', execute: ({ guildId }) => unlink(links, guildId) };
}

/** Forget the server's link, and say whether there was one. */
async function unlink(links: Links, guildId: string): Promise<Payload> {
  const linked = await links.describe(guildId);
  // Settings may have been saved before any token was linked: they go too.
  await links.forget(guildId);
  return textPayload(linked ? say.unlinked : say.nothingToUnlink);
}
