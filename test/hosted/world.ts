/**
 * A hosted-mode world for the tests: the real bot with no API_TOKEN (each server links its own),
 * a sandbox serving one community per token, the Discord double with the servers, an admin with
 * Manage Server, and each server linked through /rollcall-admin setup as an admin would.
 */
import { PermissionFlagsBits } from 'discord.js';
import { expect } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import type { Store } from '../../src/store/index.js';
import type { DiscordDoubleOptions, DoubleUser } from '../doubles/discord/double.js';
import { startWorld, type World } from '../e2e/world.js';

export interface HostedWorldOptions {
  /**
   * Each server and the token it links (at start, unless `linked` is false: the test links it with
   * `link`): the first is the double's own server.
   */
  servers: Array<{ guildId: string; token: string; seed: number; label: string; linked?: boolean }>;
  /** A byte repeated 32 times: the world's ROLLCALL_SECRET_KEY. */
  keyByte: number;
  /** More servers of the double (not linked), and other double options. */
  double?: Omit<DiscordDoubleOptions, 'guildId'>;
  env?: Record<string, string>;
}

export interface HostedWorld {
  world: World;
  /** A member with Manage Server and Moderate Members in every server. */
  admin: DoubleUser;
  store: Store;
}

export async function startHostedWorld(options: HostedWorldOptions): Promise<HostedWorld> {
  const [first, ...others] = options.servers;
  if (!first) throw new Error('a hosted world needs a server');
  const world = await startWorld({
    sandbox: {
      communities: Object.fromEntries(
        options.servers.map((s) => [s.token, { seed: s.seed, label: s.label }]),
      ),
    },
    double: {
      ...options.double,
      guildId: first.guildId,
      extraGuilds: [
        ...others.map((s, n) => ({ id: s.guildId, name: `Community ${String.fromCharCode(66 + n)}` })),
        ...(options.double?.extraGuilds ?? []),
      ],
    },
    env: {
      API_TOKEN: '',
      DISCORD_GUILD_ID: '',
      ROLLCALL_SECRET_KEY: Buffer.alloc(32, options.keyByte).toString('base64'),
      API_RETRIES: '0',
      API_LIMITS: '100000/month',
      ...options.env,
    },
  });
  const admin = world.double.user({
    username: 'admin',
    permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
  });
  for (const server of options.servers) {
    if (server.linked !== false) await link(world, admin, server.guildId, server.token);
  }
  return { world, admin, store: world.app.store() as Store };
}

/** Link `guildId` to `token` as an admin does: /rollcall-admin setup, then the token modal. */
export async function link(world: World, admin: DoubleUser, guildId: string, token: string): Promise<void> {
  await (await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })).response();
  const linked = await (
    await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
  ).response();
  // A refusal says why in the app's log: the warnings come with the failure.
  const warnings = () =>
    world.logLines
      .filter((line) => /"level":(40|50)/.test(line))
      .slice(-8)
      .join('');
  expect(linked.message?.content, warnings()).toMatch(/^Linked: /);
}

/**
 * Replace `guildId`'s token as an admin does: /rollcall-admin setup, Replace token, then the token
 * modal; the answer's text ("Linked: …" once it is linked).
 */
export async function replaceToken(
  world: World,
  admin: DoubleUser,
  guildId: string,
  token: string,
): Promise<string | undefined> {
  const shown = await (
    await world.double.slash(admin, 'rollcall-admin', { subcommand: 'setup', guildId })
  ).response();
  await (await world.double.click(admin, shown.message!, ADMIN_IDS.replace)).response();
  const linked = await (
    await world.double.submitModal(admin, ADMIN_IDS.modal, { [ADMIN_IDS.tokenField]: token }, { guildId })
  ).response();
  return linked.message?.content;
}
