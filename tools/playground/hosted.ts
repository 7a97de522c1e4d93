/**
 * The playground's hosted mode (`npm run playground -- --hosted`; the settings form's picture of
 * `npm run screenshots`): the bot with no API_TOKEN, so /rollcall-admin and its forms exist, its
 * server's Moderator role allowed to manage the server (the playground acts as its moderator), and
 * one community linked: the sandbox's token, given with /rollcall-admin setup as an admin would.
 */
import { randomBytes } from 'node:crypto';
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import type { World, WorldOptions } from '../../test/e2e/world.js';

/** The hosted world's server: a Moderator who may manage it, a Member, and channels to post in. */
const HOSTED_GUILD = {
  roles: [
    { name: 'Moderator', permissions: P.ViewChannel | P.SendMessages | P.ManageGuild | P.ModerateMembers },
    { name: 'Member' },
  ],
  channels: [{ name: 'general' }, { name: 'staff' }, { name: 'leave-reminders' }],
};

/**
 * The world's options in hosted mode: no API_TOKEN nor DISCORD_GUILD_ID, a store key made for this
 * run, the server above; settings given in `world.env` win (but the token stays unset).
 */
export function hostedWorld(world: WorldOptions): WorldOptions {
  return {
    ...world,
    double: { ...world.double, guild: { ...HOSTED_GUILD, ...world.double?.guild } },
    env: {
      ROLLCALL_SECRET_KEY: randomBytes(32).toString('base64'),
      ...world.env,
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
    },
  };
}

/**
 * The world's moderator links the sandbox's token with /rollcall-admin setup (its modal), as a
 * server's admin does; throws with the bot's answer when it is not linked.
 */
export async function linkCommunity(world: World): Promise<void> {
  await (await world.double.slash(world.mod, 'rollcall-admin', { subcommand: 'setup' })).response();
  const linked = await (
    await world.double.submitModal(world.mod, ADMIN_IDS.modal, {
      [ADMIN_IDS.tokenField]: world.sandbox.token,
    })
  ).response();
  if (!/linked/i.test(linked.message?.content ?? ''))
    throw new Error(`the hosted world did not link its token: ${linked.message?.content ?? linked.kind}`);
}
