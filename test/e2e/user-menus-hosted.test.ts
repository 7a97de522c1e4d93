/**
 * The right-click user commands in hosted mode, through the real bot: each linked server reads its
 * own community for the member right-clicked (what its slash command reads there), an unlinked
 * server is refused with the slash commands' sentence, a server's Discord-role gate refuses the
 * same users, and the answer stays private on a server whose answers are public by default.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { DoubleUser, InteractionResponse } from '../doubles/discord/double.js';
import { startHostedWorld } from '../hosted/world.js';
import { control, embedOf, type World } from './world.js';

const A = '1350000000000000001';
const B = '1350000000000000002';
const C = '1350000000000000003'; // in the double, never linked
const TOKEN_A = 'menus-community-a-token-51c9'; // the sandbox's tokens, not secrets
const TOKEN_B = 'menus-community-b-token-e27d';

let world: World;
let admin: DoubleUser;
let mod: DoubleUser;
/** A member of community B with many LOAs. */
let target: DoubleUser;
let targetMemberId: string;

beforeAll(async () => {
  ({ world, admin } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 51, label: 'menus-a' },
      { guildId: B, token: TOKEN_B, seed: 52, label: 'menus-b' },
    ],
    keyByte: 9,
    double: { extraGuilds: [{ id: C, name: 'Unlinked' }] },
  }));
  const moderate = PermissionFlagsBits.ModerateMembers;
  mod = world.double.user({ username: 'menus-mod', roles: ['Moderator'], permissions: moderate });
  const ofB = world.sandbox.datasetOf(TOKEN_B);
  targetMemberId = ofB.samples.busyMemberIds[0]!;
  target = world.double.user({ id: ofB.samples.busyChatIds[0]!, username: 'b-member' });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const menu = async (name: string, guildId: string, as = mod) =>
  (await world.double.userCommand(as, name, target, { guildId })).response();
const slash = async (name: string, subcommand: string, guildId: string, as = mod) =>
  (await world.double.slash(as, name, { subcommand, options: { user: target }, guildId })).response();
const seen = (answer: InteractionResponse) => ({
  content: answer.message?.content,
  embeds: answer.message?.embeds,
  components: answer.message?.components,
});

describe('user commands in hosted mode', () => {
  it("read the server's own community: the member of B is found in B, not in A", async () => {
    await slash('member', 'view', B);
    const inB = await menu('Staff record', B);
    expect(embedOf(inB.message).title).toContain(targetMemberId);
    expect(seen(inB)).toEqual(seen(await slash('member', 'view', B)));
    const inA = await menu('Staff record', A);
    expect(inA.message?.content).toBe(MESSAGES.memberNotFound);
    expect(seen(inA)).toEqual(seen(await slash('member', 'view', A)));
  });

  it('stay private where answers are public by default, and still page', async () => {
    const saved = await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { visibility: 'public' },
        guildId: B,
      })
    ).response();
    expect(saved.message?.content).toMatch(/public/i);
    await slash('loa', 'member', B); // the read both answers below are served from
    const bySlash = await slash('loa', 'member', B);
    expect(bySlash.ephemeral).toBe(false);
    const byMenu = await menu('LOAs', B);
    expect(byMenu.ephemeral).toBe(true);
    expect(seen(byMenu)).toEqual(seen(bySlash));
    const next = await (
      await world.double.click(mod, byMenu.message!, control(byMenu.message, '▶'))
    ).response();
    expect(embedOf(next.message).footer?.text).toMatch(/^Page 2 of /);
  });

  it('are refused on a server not linked, with the slash commands’ sentence', async () => {
    for (const name of ['Staff record', 'LOAs', 'Join request']) {
      const answer = await menu(name, C);
      expect(answer.message?.content, name).toBe(MESSAGES.notLinked);
      expect(answer.ephemeral).toBe(true);
    }
    expect(seen(await menu('LOAs', C))).toEqual(seen(await slash('loa', 'member', C)));
  });

  it("are refused to a user the server's Discord-role gate refuses, reading nothing", async () => {
    const moderator = world.double.role('Moderator', A);
    await (
      await world.double.slash(admin, 'rollcall-admin', {
        subcommand: 'settings',
        options: { 'discord-roles': moderator.id },
        guildId: A,
      })
    ).response();
    const other = world.double.user({
      username: 'menus-other',
      roles: ['Member'],
      permissions: PermissionFlagsBits.ModerateMembers,
    });
    world.sandbox.resetLog();
    const refused = await menu('Join request', A, other);
    expect(refused.message?.content).toBe(MESSAGES.accessNoDiscordRole);
    expect(refused.ephemeral).toBe(true);
    expect(world.sandbox.requests).toEqual([]);
    // The moderator holds the role: let in (B's member has no join request in A's community).
    expect((await menu('Join request', A)).message?.content).toBe(MESSAGES.joinRequestNotFound);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });
});
