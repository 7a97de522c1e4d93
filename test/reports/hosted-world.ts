/**
 * The world of the hosted-mode report tests (digests, their language, leave reminders): the real bot
 * in hosted mode between the Discord double and the sandbox API, one server whose admin (Manage
 * Server) has linked a community's token with /rollcall-admin setup, and what those tests ask of
 * it: the admin's /rollcall-admin reports, a saved digest made due again.
 */
import { PermissionFlagsBits } from 'discord.js';
import { expect } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import { readDigestSettings } from '../../src/community/digest-scheduler.js';
import type { Store } from '../../src/store/index.js';
import type { DiscordDoubleOptions, DoubleUser } from '../doubles/discord/double.js';
import type { ChannelSpec } from '../doubles/discord/world.js';
import type { SandboxOptions } from '../doubles/sandbox/server.js';
import { startWorld, type World } from '../e2e/world.js';

export interface HostedWorldOptions {
  guildId: string;
  sandbox: SandboxOptions;
  /** The token the admin links (default: the sandbox's own token). */
  token?: string;
  /** The server's name, channels, preferred locale. */
  guild: DiscordDoubleOptions['guild'];
  /** Other servers the bot is in. */
  extraGuilds?: DiscordDoubleOptions['extraGuilds'];
  /** The byte ROLLCALL_SECRET_KEY is made of. */
  keyByte: number;
  /** The clock of the scheduled digests and leave reminders (default Date.now). */
  now?: () => number;
}

export interface HostedWorld {
  world: World;
  /** The server's admin (Manage Server, Moderate Members), who linked the token. */
  admin: DoubleUser;
  /** The admin's /rollcall-admin reports with these options: the answer's text. */
  adminReports(options: Record<string, unknown>): Promise<string>;
  /** Make the saved digest's latest instant due (again), as if saved long ago and never posted. */
  digestDueAgain(): Promise<void>;
  close(): Promise<void>;
}

/** A channel where @everyone (whose role id is the server's) may not send, and the bot has no overwrite. */
export function lockedChannel(guildId: string, name: string): ChannelSpec {
  return {
    name,
    permissionOverwrites: [
      { id: guildId, type: 0, allow: '0', deny: PermissionFlagsBits.SendMessages.toString() },
    ],
  };
}

/** Starts the bot in hosted mode; the server's admin links the token (checked: the answer says linked). */
export async function startHostedWorld(options: HostedWorldOptions): Promise<HostedWorld> {
  const { guildId } = options;
  const world = await startWorld({
    sandbox: options.sandbox,
    ...(options.now ? { now: options.now } : {}),
    double: {
      guildId,
      ...(options.guild ? { guild: options.guild } : {}),
      ...(options.extraGuilds ? { extraGuilds: options.extraGuilds } : {}),
    },
    env: {
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, options.keyByte).toString('base64'),
      API_RETRIES: '0',
    },
  });
  const admin = world.double.user({
    username: 'admin',
    permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
  });
  await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })).response();
  const linked = await (
    await world.double.submitModal(
      admin,
      ADMIN_IDS.modal,
      { [ADMIN_IDS.tokenField]: options.token ?? world.sandbox.token },
      { guildId },
    )
  ).response();
  expect(linked.message?.content).toMatch(/linked/i);
  return {
    world,
    admin,
    async adminReports(reportOptions) {
      const handle = await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'reports',
        guildId,
        // No option opens the form: the settings as text are `show`'s.
        options: (Object.keys(reportOptions).length > 0 ? reportOptions : { show: true }) as never,
      });
      return (await handle.response()).message?.content ?? '';
    },
    async digestDueAgain() {
      const store = world.app.store() as Store;
      const settings = readDigestSettings((await store.digests.get(guildId))?.settings);
      expect(settings).toBeDefined();
      await store.digests.remove(guildId); // its claimed runs too
      await store.digests.save(guildId, { ...settings, since: 0 });
    },
    close: () => world.close(),
  };
}
